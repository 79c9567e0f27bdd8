/**
 * Credit and debt: BNPL, payday and other high-cost short-term credit, mainstream lenders, card issuers, car
 * finance, mortgage lenders, debt collectors and debt-management firms. Sources: FCA register trading names and
 * the names these firms print on statements. Closed firms stay listed (QuickQuid, Wonga, Sunny, Amigo): histories
 * reach back years and their collections continue under the old names.
 */
import type { CuratedGroup } from './curated-group.ts';

export const creditGroups: readonly CuratedGroup[] = [
  {
    target: 'bnpl',
    names: [
      'Klarna|KLARNA BANK|KLARNA UK|KLARNA PAY', 'Clearpay|CLEARPAY UK|CLEARPAY FINANCE', 'PayPal Pay in 3|PAYPAL PAY IN|PAYPAL PAYIN3',
      'Zilch|ZILCH PAYMENTS|ZILCH TECHNOLOGY', 'Laybuy|LAYBUY UK', 'Monzo Flex|MONZO FLEX', 'Afterpay',
      'Openpay', 'Payl8r|PAYL8R', 'DivideBuy|DIVIDEBUY', 'Fly Now Pay Later|FLYNOWPAYLATER', 'Payment Assist|PAYMENT ASSIST',
      '~Butter|BUTTER PAYMENTS', 'Snap Finance|SNAP FINANCE', 'Flava', 'Humm', 'Scalapay', 'Payit Later',
      'Very Pay Later|VERY PAY LATER', 'Riverty|AFTERPAY RIVERTY', 'Tymit',
    ],
  },
  {
    target: 'payday_loan',
    names: [
      'Lending Stream|LENDINGSTREAM|LENDING STREAM LOAN', 'Drafty|DRAFTY LOAN', 'Gain Credit|GAIN CREDIT LLC',
      'Mr Lender|MRLENDER|MR LENDER LOAN', 'Satsuma|SATSUMA LOANS|SATSUMA LOAN', '~Sunny|SUNNY LOANS|SUNNY LOAN|ELEVATE CREDIT',
      'QuickQuid|QUICK QUID|CASHEURONET|CASH EURO NET|CEUK', 'Wonga|WDFC|WONGA COM', 'Fernovo|FERNOVO LOANS',
      'Likely Loans|LIKELYLOANS', 'Polar Credit|POLARCREDIT', 'MoneyBoat|MONEY BOAT', 'Cashfloat|CASH FLOAT',
      '~Peachy|PEACHY LOANS', 'Pounds to Pocket|POUNDSTOPOCKET', 'Wage Day Advance|WAGEDAYADVANCE',
      'Uncle Buck|UNCLEBUCK', 'Amigo Loans|AMIGO LOANS|AMIGO LOAN', 'Everyday Loans|EVERYDAY LENDING',
      '~Provident|PROVIDENT PERSONAL CREDIT|PROVIDENT FINANCIAL|PROVIDENT LOAN|PROVVY', 'Morses Club|MORSES CLUB', 'Loans at Home',
      'Loans 2 Go|LOANS2GO|LOANS 2 GO', 'Oakam|OAKAM LOAN', '118 118 Money|118 118 MONEY|118118 MONEY|118 MONEY',
      'Safety Net Credit|SAFETYNETCREDIT', 'Creditspring|CREDIT SPRING', 'Salad Money', 'MyJar|MY JAR',
      'Ferratum', 'Quidmarket|QUID MARKET', 'Cashasap|CASH ASAP', 'Pixie Loans', 'Dot Dot Loans', 'Wizzcash|WIZZ CASH',
      '~Bamboo|BAMBOO LOANS|BAMBOO LOAN', 'TrustTwo|TRUST TWO', 'Buddy Loans|BUDDYLOANS', 'Fund Ourselves|FUNDOURSELVES',
      'Tappily', 'Lending Expert', 'Cash Lady|CASHLADY', 'Quick Loans Express', 'Swift Money', 'Cash Genie',
      'Payday UK|PAYDAYUK', 'Piggybank Loans|PIGGY BANK LOANS', 'Myloans|MY LOANS', 'Cashflow Loans',
      'Greenwood Personal Credit', 'Mutual Clothing|MUTUAL CLOTHING AND SUPPLY', 'Fair Finance',
      'Sky Credit|SKYCREDIT', 'Momentum Credit', 'Vanquis Loans|VANQUIS LOAN',
    ],
  },
  {
    target: 'loan',
    names: [
      'Zopa|ZOPA BANK|ZOPA LOAN', 'RateSetter|RATE SETTER', 'Lendable|LENDABLE LOAN', 'Novuna|NOVUNA PERSONAL FINANCE|HITACHI CAPITAL|HITACHI PERSONAL FINANCE',
      'Creation Finance|CREATION CONSUMER FINANCE', 'Ikano Bank|IKANO', 'Santander Consumer|SANTANDER CONSUMER FINANCE',
      'Student Loans Company|SLC|SLC RECEIPTS|STUDENT LOANS CO|STUDENT LOAN CO|SLC STUDENT LOAN', 'Plata Finance',
      '~Abound|ABOUND FINANCE|FINTERN', 'Koyo|KOYO LOANS', 'Evlo', 'Fluro|FLURO LOAN', 'Together Money|TOGETHER LOANS', 'Norton Finance',
      'Optimum Credit', 'Shawbrook|SHAWBROOK BANK', 'United Trust Bank', 'Duologi', 'V12 Retail Finance|V12 FINANCE|V12',
      'Deko|DEKO FINANCE', 'Omni Capital Retail Finance|OMNI CAPITAL', 'Freedom Finance', 'Lending Works',
      'Funding Circle|FUNDING CIRCLE LTD', 'iwoca|IWOCA LTD', 'YouLend|YOU LEND', 'Liberis', '365 Business Finance|365 FINANCE',
      'Capify', 'Esme Loans', 'Allica Bank|ALLICA', '~Uncapped|UNCAPPED FINANCE', 'Fleximize', 'MarketFinance|MARKET FINANCE|MARKETINVOICE',
      'Bibby Financial Services|BIBBY FINANCIAL', 'Bounce Back Loan|BOUNCE BACK LOAN|BBL', 'CBILS|CBIL', 'Recovery Loan Scheme|RLS LOAN',
      'British Business Bank', 'Tesco Bank Loan|TESCO BANK LOAN|TESCO LOAN', 'Sainsburys Bank Loan|SAINSBURYS BANK LOAN',
      'AA Loans|AA LOAN', 'Post Office Loans|POST OFFICE LOAN', 'M&S Bank Loan|M AND S BANK LOAN', 'Admiral Loans|ADMIRAL LOAN',
      'Hargreaves Lansdown Loan', 'Loqbox', '~Credit Union|CREDIT UNION', 'Lendwise', 'Chetwood Financial|CHETWOOD',
      'Salary Finance|SALARY FINANCE', 'Wagestream|WAGE STREAM', 'Hastee|HASTEE PAY', 'Fiat Finance',
    ],
  },
  {
    target: 'credit_card',
    names: [
      'Barclaycard|BARCLAYCARD PAYMENT|BARCLAYCARD CENTRE', 'American Express|AMEX|AMERICAN EXP|AMEX CARD', 'Capital One|CAPITAL ONE UK|CAPITALONE',
      'Vanquis|VANQUIS BANK', 'Aqua Card|AQUA CREDIT CARD', 'NewDay|NEW DAY|NEWDAY LTD', '~Marbles|MARBLES CARD|MARBLES CREDIT CARD',
      'Fluid Card|FLUID CARD', 'Amazon Credit Card|AMAZON CREDIT CARD|AMAZON PLATINUM', 'Argos Card|ARGOS CARD', 'Jaja|JAJA FINANCE',
      'Zable', 'MBNA|MBNA LTD', 'Tesco Bank|TESCO BANK|TESCO CREDIT CARD', 'Sainsburys Bank|SAINSBURYS BANK|SAINSBURYS CREDIT CARD',
      'M&S Bank|M AND S BANK|MARKS AND SPENCER FINANCIAL|M AND S CREDIT CARD', 'John Lewis Finance|JOHN LEWIS PARTNERSHIP CARD|JOHN LEWIS FINANCE',
      'Virgin Money Credit Card|VIRGIN MONEY CC|VIRGIN MONEY CREDIT CARD', 'PayPal Credit|PAYPAL CREDIT',
      '~Very|VERY CO UK|VERY PAYMENT|VERY ACCOUNT|SHOP DIRECT', 'Littlewoods|LITTLEWOODS', 'JD Williams|JD WILLIAMS', 'Studio Retail|STUDIO RETAIL',
      'Jacamo|JACAMO', 'Freemans|FREEMANS', 'Grattan|GRATTAN', 'Fashion World|FASHION WORLD', 'Simply Be|SIMPLY BE',
      '~Curve|CURVE CARD|CURVE OS', '~Yonder|YONDER CARD', 'Ocean Credit Card|OCEAN CARD',
      'Chrome Card|CHROME CARD', 'Creation Credit Card|CREATION CARD', 'Luma Card',
      'Debenhams Card|DEBENHAMS CARD', 'House of Fraser Card|HOUSE OF FRASER CARD', 'Halifax Credit Card|HALIFAX CREDIT CARD',
      'Lloyds Credit Card|LLOYDS CREDIT CARD|LLOYDS BANK CC', 'NatWest Credit Card|NATWEST CREDIT CARD|NATWEST CC',
      'HSBC Credit Card|HSBC CREDIT CARD|HSBC CC', 'Santander Credit Card|SANTANDER CREDIT CARD|SANTANDER CC',
    ],
  },
  {
    target: 'car_finance',
    names: [
      'Black Horse|BLACKHORSE|BLACK HORSE FINANCE', 'Close Brothers Motor Finance|CLOSE BROTHERS|CLOSE MOTOR FINANCE',
      'MotoNovo|MOTONOVO FINANCE|MOTO NOVO', 'Moneybarn|MONEY BARN', 'Blue Motor Finance|BLUE MOTOR', 'Startline Motor Finance|STARTLINE MOTOR',
      'Advantage Finance', 'Oodle|OODLE CAR FINANCE', 'Carmoola', 'First Response Finance', 'Marsh Finance',
      'Alphera|ALPHERA FINANCIAL', 'BMW Financial Services|BMW FINANCIAL|BMW FS', 'VW Financial Services|VOLKSWAGEN FINANCIAL|VWFS',
      'Ford Credit|FORD CREDIT|FCE BANK', 'Mercedes-Benz Financial|MERCEDES BENZ FINANCIAL|MERCEDES FINANCE',
      'Toyota Financial Services|TOYOTA FINANCIAL|TOYOTA FS', 'Hyundai Capital|HYUNDAI CAPITAL|HYUNDAI FINANCE',
      'Stellantis Financial|STELLANTIS FINANCIAL|PSA FINANCE', 'RCI Financial|RCI FINANCIAL|RENAULT FINANCE', 'Kia Finance|KIA FINANCE',
      'Vauxhall Finance|VAUXHALL FINANCE', 'Audi Finance|AUDI FINANCE', 'Tesla Financial|TESLA FINANCE', 'Zuto',
      'Car Finance 247|CARFINANCE247', 'Arnold Clark Finance|ARNOLD CLARK FINANCE', 'Northridge Finance|NORTHRIDGE',
      'Santander Consumer Motor|SANTANDER MOTOR', 'Lex Autolease|LEX AUTOLEASE', 'ALD Automotive|ALD AUTOMOTIVE',
      'Hitachi Capital Vehicle|HITACHI VEHICLE', 'Go Car Credit|GO CAR CREDIT', 'Billing Finance',
    ],
  },
  {
    target: 'mortgage',
    names: [
      'Kensington Mortgages|KENSINGTON MORTGAGE', 'Precise Mortgages|PRECISE MORTGAGE', 'Pepper Money|PEPPER MONEY|PEPPER UK',
      'Accord Mortgages|ACCORD MORTGAGE', 'Platform Home Loans|PLATFORM MORTGAGE', 'Paragon Mortgages|PARAGON MORTGAGE|PARAGON BANK',
      'The Mortgage Works|MORTGAGE WORKS', 'Birmingham Midshires|BIRMINGHAM MIDSHIRES|BM SOLUTIONS', 'Landmark Mortgages|LANDMARK MORTGAGE',
      'Mortgage Express|MORTGAGE EXPRESS', 'NRAM|NRAM PLC', 'Topaz Finance', 'Acenden', 'Mortgage Trust', 'West One Loans',
      'Bluestone Mortgages|BLUESTONE', 'Vida Homeloans', 'Foundation Home Loans', 'Kent Reliance|KENT RELIANCE',
      'Habito', 'Heliodor Mortgages', 'Keystone Property Finance', 'Molo Finance', 'Fleet Mortgages',
      'Aldermore Mortgage|ALDERMORE BANK', 'Perenna', 'Gen H|GENH', 'Together Mortgages|TOGETHER MORTGAGE', 'Lendco', 'Pure Retirement',
      'More 2 Life|MORE2LIFE', 'Hodge Lifetime|HODGE BANK', 'Nationwide Mortgage|NATIONWIDE MORTGAGE|NBS MORTGAGE',
      'Halifax Mortgage|HALIFAX MORTGAGE', 'Santander Mortgage|SANTANDER MORTGAGE', 'Barclays Mortgage|BARCLAYS MORTGAGE',
      'NatWest Mortgage|NATWEST MORTGAGE', 'HSBC Mortgage|HSBC MORTGAGE', 'Coventry BS Mortgage|COVENTRY BS MORTGAGE',
      'Skipton Mortgage|SKIPTON MORTGAGE', 'Yorkshire BS Mortgage|YBS MORTGAGE',
    ],
  },
  {
    target: 'debt_collection',
    names: [
      'Lowell|LOWELL PORTFOLIO|LOWELL FINANCIAL|LOWELL SOLICITORS|LOWELL GROUP', '~Cabot|CABOT FINANCIAL|CABOT CREDIT MANAGEMENT|CABOT CREDIT|CABOT CM',
      'Intrum|INTRUM UK|INTRUM JUSTITIA', 'PRA Group|PRA GROUP|PORTFOLIO RECOVERY', 'Moorcroft|MOORCROFT DEBT RECOVERY|MOORCROFT GROUP',
      'Arrow Global|ARROW GLOBAL', 'Link Financial|LINK FINANCIAL', 'Hoist Finance', 'Capquest|CAP QUEST',
      'BW Legal|BW LEGAL', 'Wescot|WESCOT CREDIT', 'Robinson Way|ROBINSON WAY', 'Hillesden Securities|HILLESDEN',
      'Fredrickson|FREDRICKSON INTERNATIONAL', 'Resolvecall|RESOLVE CALL', 'Motormile Finance|MOTORMILE', 'Past Due Credit',
      'Marlin Financial', 'IDEM Servicing', 'Overdales|OVERDALES LEGAL', 'CCS Collect|CCS COLLECT', 'Advantis Credit|ADVANTIS',
      'Connaught Collections', 'Drydensfairfax|DRYDENS', 'Mackenzie Hall|MACKENZIE HALL', 'Opos', 'Lantern Debt',
      'Direct Legal & Collections|DIRECT LEGAL AND COLLECTIONS', 'Moriarty Law', 'Frontier Financial', 'Coast to Coast Collections',
      'Marston Holdings|MARSTON GROUP|MARSTON RECOVERIES', 'Equita', 'Bristow & Sutor|BRISTOW AND SUTOR',
      'Rossendales', 'Dukes Bailiffs', 'Jacobs Enforcement', '~Newlyn|NEWLYN PLC|NEWLYN COLLECTIONS', 'Excel Civil Enforcement|EXCEL CIVIL',
      'Phoenix Commercial Collections',
    ],
  },
  {
    target: 'debt_management',
    names: [
      'StepChange|STEP CHANGE|STEPCHANGE DEBT CHARITY|CONSUMER CREDIT COUNSELLING', 'PayPlan|PAY PLAN', 'Creditfix|CREDIT FIX',
      'Harrington Brooks', 'Christians Against Poverty|CAP UK', 'Hanover Insolvency', 'Freeman Jones', 'Aperture IVA|APERTURE DEBT',
      'Carrington Dean', 'Debt Free Direct', 'Vanguard Insolvency', 'Begbies Traynor', 'Clear Debt|CLEARDEBT', 'thinkmoney|THINK MONEY',
      'Baines & Ernst|BAINES AND ERNST', 'Gregory Pennington', 'Debt Managers Services', 'My Debt Plan', 'MoneyPlus Group|MONEYPLUS',
      'Debt Advisory Centre', 'National Debtline', 'Money Advice Trust', 'Debt Arrangement Scheme|DAS PAYMENT', 'Payplan Trust',
      'Creditfix IVA', 'IVA Payment|IVA PAYMENT', 'DMP Payment|DMP PAYMENT', 'Debt Relief Order',
    ],
  },
  {
    target: 'pawnbroker',
    names: ['H&T Pawnbrokers|H AND T PAWNBROKERS|H AND T', 'Ramsdens|RAMSDENS', 'Cash Converters|CASH CONVERTERS', 'Cash Generator'],
  },
];
