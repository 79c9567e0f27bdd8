/**
 * Payers of income and the payment businesses around it: DWP and HMRC benefit payments as they appear on UK
 * statements ("DWP UC", "CHB", "HMRC TC"), HMRC tax payees, employment agencies, payment processors and
 * marketplaces (business takings), and the suppliers small businesses pay most often.
 */
import type { CuratedGroup } from './curated-group.ts';

export const incomeGroups: readonly CuratedGroup[] = [
  { target: 'other_benefits', names: ['DWP|DEPT FOR WORK AND PENSIONS|DEPARTMENT FOR WORK AND PENSIONS|DWP DEPT', 'Social Security Scotland|SOCIAL SECURITY SCOT'] },
  { target: 'universal_credit', names: ['DWP Universal Credit|DWP UC|UNIVERSAL CREDIT|DWP UNIVERSAL CREDIT|UC DWP'] },
  { target: 'state_pension', names: ['DWP State Pension|DWP SP|DWP STATE PENSION|STATE PENSION|DWP PENSION|DWP RP|DWP PENSIONS'] },
  {
    target: 'disability_benefits',
    names: [
      'DWP PIP|PIP DWP|DWP PERSONAL INDEPENDENCE|PERSONAL INDEPENDENCE PAYMENT', 'DWP DLA|DLA DWP|DISABILITY LIVING ALLOWANCE',
      'DWP Attendance Allowance|DWP AA|ATTENDANCE ALLOWANCE', 'DWP Carers Allowance|DWP CA|CARERS ALLOWANCE|CARER ALLOWANCE|DWP CARERS',
      'Adult Disability Payment|ADULT DISABILITY PAYMENT|SSS ADP', 'Child Disability Payment|CHILD DISABILITY PAYMENT|SSS CDP',
      'Pension Age Disability Payment', 'DWP IIDB|INDUSTRIAL INJURIES',
    ],
  },
  {
    target: 'out_of_work_benefits',
    names: [
      'DWP JSA|JSA DWP|DWP JOBSEEKERS|JOBSEEKERS ALLOWANCE|JOB SEEKERS ALLOWANCE', 'DWP ESA|ESA DWP|EMPLOYMENT AND SUPPORT ALLOWANCE|DWP EMPLOYMENT SUPPORT',
      'DWP Income Support|DWP IS|INCOME SUPPORT',
    ],
  },
  { target: 'child_benefit', names: ['HMRC Child Benefit|CHB|HMRC CHB|HMRC CHILD BENEFIT|CHILD BENEFIT|CHB HMRC'] },
  { target: 'tax_credits', names: ['HMRC Tax Credits|HMRC TC|HMRC WTC|HMRC CTC|TAX CREDITS|HMRC TAX CREDITS|WORKING TAX CREDIT|CHILD TAX CREDIT'] },
  {
    target: 'other_benefits',
    names: [
      'DWP Maternity Allowance|DWP MA|MATERNITY ALLOWANCE', 'DWP Bereavement|BEREAVEMENT SUPPORT|DWP BSP', 'Winter Fuel Payment|WINTER FUEL|DWP WFP',
      'Cost of Living Payment|COST OF LIVING|DWP COL|DWP COLP', 'Pension Credit|DWP PC|PENSION CREDIT|DWP PENSION CREDIT',
      'Scottish Child Payment|SCOTTISH CHILD PAYMENT|SSS SCP', 'Best Start Grant|BEST START', 'Sure Start Maternity Grant',
      'Household Support Fund|HOUSEHOLD SUPPORT FUND', 'Council Tax Reduction|COUNCIL TAX REDUCTION', 'Warm Home Discount|WARM HOME DISCOUNT',
    ],
  },
  { target: 'housing_benefit', names: ['Housing Benefit|HOUSING BENEFIT|HSG BEN|HB PAYMENT'] },
  {
    target: 'hmrc',
    names: ['HMRC|HM REVENUE AND CUSTOMS|HM REVENUE|HMRC NDDS|HMRC SA|HMRC SELF ASSESSMENT|SELF ASSESSMENT|HMRC GOV UK|HMRC SHIPLEY|HMRC CUMBERNAULD'],
  },
  { target: 'hmrc_vat', names: ['HMRC VAT|VAT HMRC|HMRC VAT PAYMENT|HMRC VAT RETURN'] },
  { target: 'hmrc_paye', names: ['HMRC PAYE|HMRC NIC|HMRC CIS|HMRC EMPLOYERS|HMRC PAYE NIC|PAYE HMRC|HMRC APPRENTICESHIP LEVY'] },
  { target: 'hmrc_corporation_tax', names: ['HMRC Corporation Tax|HMRC CT|HMRC CORPORATION TAX|HMRC CORP TAX|CORPORATION TAX'] },
  {
    target: 'employment_agency',
    names: [
      '~Hays|HAYS SPECIALIST RECRUITMENT|HAYS RECRUITMENT', '~Reed|REED SPECIALIST RECRUITMENT|REED EMPLOYMENT|REED RECRUITMENT', 'Adecco|ADECCO UK',
      'Randstad|RANDSTAD UK', 'Manpower|MANPOWERGROUP', 'Pertemps|PERTEMPS RECRUITMENT', 'Blue Arrow', 'Staffline|STAFFLINE RECRUITMENT',
      'Gi Group', 'Indeed Flex|INDEED FLEX', 'Syft', 'Coople', 'Search Consultancy', 'Kelly Services', 'Michael Page|PAGEGROUP',
      'Robert Walters', 'Brook Street', 'Office Angels', 'Tate Recruitment', 'Prospect Recruitment', 'Taskmaster', 'Sodexo', 'Nhs Professionals|NHS PROFESSIONALS',
      'NHSP', 'Medacs', 'Team24', 'Thornbury Nursing', 'Kare Plus', 'Allied Healthcare', 'Supply Desk', 'Teaching Personnel',
      'Tradewind Recruitment', 'Prospero Teaching', 'Protocol Education', 'Anzuk',
    ],
  },
  { target: 'paypal', weak: true, names: ['PayPal|PAYPAL EUROPE|PAYPAL UK', '~Wise|TRANSFERWISE|TRANSFER WISE|WISE PAYMENTS|WISE EUROPE', 'Revolut'] },
  {
    target: 'payment_processor',
    weak: true,
    names: [
      'Square|SQ|SQUARE UK|SQUAREUP', 'SumUp|SUMUP|SUM UP|SUMUP PAYMENTS', 'Zettle|ZETTLE|IZETTLE|IZ|ZETTLE BY PAYPAL', 'Stripe|STRIPE PAYMENTS|STRIPE PAYMENTS UK',
      'Worldpay|WORLDPAY|WORLD PAY|WORLDPAY UK|WORLDPAY AP', 'Dojo|DOJO PAYMENTS|PAYMENTSENSE|PAYMENT SENSE', 'Takepayments|TAKE PAYMENTS',
      'Barclaycard Payments|BARCLAYCARD MERCHANT|BARCLAYCARD PAYMENTS|BCARD MERCHANT', 'Global Payments|GLOBAL PAYMENTS|GPUK',
      'Elavon|ELAVON FINANCIAL', 'First Data|FIRST DATA|FISERV|CLOVER', 'Lloyds Cardnet|CARDNET|LLOYDS CARDNET', 'Handepay|HANDEPAY',
      'Teya|SALTPAY', 'Viva Wallet|VIVA WALLET', 'Adyen', 'Checkout.com|CHECKOUT COM', 'GoCardless|GOCARDLESS|GC RE', 'Trust Payments',
      'Paymentsense', 'Tyl by NatWest|TYL', 'Opayo|SAGE PAY|SAGEPAY', 'Payzone', 'PayPoint|PAYPOINT', 'Ryft',
    ],
  },
  {
    target: 'marketplace',
    names: [
      'eBay|EBAY|EBAY COMMERCE|EBAY MARKETPLACE', 'Etsy|ETSY UK|ETSY PAYMENTS', 'Shopify|SHOPIFY PAYMENTS|SHOPIFY', 'Vinted|VINTED UAB',
      'Depop', 'Amazon Payments|AMAZON PAYMENTS|AMAZON PAYMENTS UK|AMAZON EU SARL|AMAZON SELLER', 'Not On The High Street|NOTONTHEHIGHSTREET',
      'Gumtree', 'Facebook Marketplace', 'OnBuy', 'Folksy', 'Wayfair Partner',
    ],
  },
  { target: 'delivery_app', names: ['Deliveroo|DELIVEROO CO UK|DELIVEROO PLUS', 'Just Eat|JUST EAT|JUSTEAT|JUST EAT CO UK', 'Uber Eats|UBER EATS|UBEREATS', 'Stuart Delivery'] },
  { target: 'ride_hailing', names: ['Uber|UBER BV|UBER TRIP|UBER TRIPS|UBER RIDES|UBER UK', '~Bolt|BOLT EU|BOLT TAXI|BOLT RIDES|BOLT OPERATIONS', 'FreeNow|FREE NOW|MYTAXI', 'Addison Lee|ADDISON LEE', 'Ola UK', 'Veezu'] },
  {
    target: 'wholesaler',
    names: [
      'Booker|BOOKER GROUP|BOOKER WHOLESALE', 'Costco|COSTCO WHOLESALE', 'Bestway|BESTWAY WHOLESALE|BATLEYS', 'Makro', 'JJ Food Service|JJ FOODSERVICE|JJ FOOD',
      '~Brakes|BRAKES FOODSERVICE|BRAKES BROS', 'Bidfood|BIDVEST', 'Dhamecha', 'Parfetts', '~Hancocks|HANCOCKS CASH AND CARRY', 'Sysco', 'Nisa Retail|NISA RETAIL', 'Unitas Wholesale',
      '~Blakemore|AF BLAKEMORE|A F BLAKEMORE', 'Lomond Wholesale', 'Filshill', 'Dunns Food', 'Sugro',
    ],
  },
  {
    target: 'accounting_software',
    names: [
      'Xero|XERO UK', 'QuickBooks|INTUIT|QUICKBOOKS|INTUIT QUICKBOOKS', '~Sage|SAGE UK|SAGE SOFTWARE|SAGE ONE|SAGE GLOBAL', 'FreeAgent|FREE AGENT', 'KashFlow',
      'Dext|RECEIPT BANK', 'Microsoft 365|MICROSOFT 365|MSFT 365|OFFICE 365', 'Google Workspace|GOOGLE WORKSPACE|GSUITE|G SUITE',
      '~Zoom|ZOOM US|ZOOM VIDEO|ZOOM COM', '~Slack|SLACK TECHNOLOGIES|SLACK COM', 'GoDaddy', 'Squarespace', 'Wix|WIX COM', '123 Reg|123REG', 'IONOS|1AND1', 'Fasthosts',
      'Mailchimp|MAILCHIMP|INTUIT MAILCHIMP', 'Hootsuite', 'Dropbox|DROPBOX', 'Adobe|ADOBE SYSTEMS|ADOBE CREATIVE CLOUD', 'Canva', 'Atlassian',
      'Shopify Subscription', 'Amazon Web Services|AWS|AMAZON WEB SERVICES', 'Heroku', 'DigitalOcean|DIGITAL OCEAN', 'OpenAI|OPENAI|CHATGPT',
    ],
  },
  {
    target: 'professional_services',
    names: [
      'Companies House|COMPANIES HOUSE', 'Information Commissioner|INFORMATION COMMISSIONER|ICO DATA PROTECTION',
      'Crunch Accounting', 'Tax Assist|TAXASSIST', 'The Accountancy Partnership', 'Mazuma', 'Rapid Formations',
    ],
  },
  {
    target: 'marketing',
    names: [
      'Google Ads|GOOGLE ADS|GOOGLE ADWORDS|GOOGLE ADVERTISING', 'Facebook Ads|FACEBK|FACEBOOK ADS|FB ADS|META ADS|META PLATFORMS',
      'LinkedIn Ads|LINKEDIN ADS', '~Yell|YELL COM|YELL BUSINESS', 'Vistaprint|VISTA PRINT', 'Microsoft Advertising|BING ADS', 'TikTok Ads|TIKTOK ADS',
      'Checkatrade', 'MyBuilder', 'Rated People', '~Bark|BARK COM',
    ],
  },
];
