/**
 * Keyword rules on the statement text: words that say what a payment is when the payee is unknown
 * ("ACME LTD SALARY", "RENT FLAT 2", "COUNCIL TAX"). Phrases are matched as whole tokens after normalisation;
 * the longest phrase at a position wins ("UNPAID DD FEE" is a bank charge, "UNPAID DD" a returned direct debit).
 *
 * `strong` rules describe what happened to a payment rather than who was paid, so they beat the merchant and
 * MCC rules: "UNPAID DIRECT DEBIT BRITISH GAS" is a returned direct debit, not energy; "CASH WITHDRAWAL TESCO"
 * is cash, not groceries. `ownTransfer` phrases ("TO SAVINGS", "OWN ACCOUNT") mark a candidate transfer between
 * the customer's own accounts (confirmed only by a matching counterpart, see own-transfers.ts).
 */
import type { TargetKey } from './targets.ts';

export interface KeywordRule {
  readonly target: TargetKey;
  readonly strong?: boolean;
  readonly ownTransfer?: boolean;
  readonly phrases: readonly string[];
}

export const keywordRules: readonly KeywordRule[] = [
  {
    target: 'returned_direct_debit',
    strong: true,
    phrases: [
      'UNPAID', 'UNPAID DIRECT DEBIT', 'UNPAID DD', 'DD UNPAID', 'RETURNED DIRECT DEBIT', 'RETURNED DD', 'DD RETURNED', 'DIRECT DEBIT RETURNED',
      'UNPAID STANDING ORDER', 'UNPAID SO', 'RETURNED STANDING ORDER', 'RETURNED SO', 'UNPAID ITEM', 'RETURNED ITEM', 'REFER TO PAYER',
      'REVERSAL OF DIRECT DEBIT', 'DIRECT DEBIT REVERSAL', 'DD REVERSAL', 'RECALLED DD', 'DD RECALL',
    ],
  },
  {
    target: 'bank_charges',
    strong: true,
    phrases: [
      'UNPAID ITEM FEE', 'UNPAID ITEM CHARGE', 'UNPAID DD FEE', 'UNPAID DIRECT DEBIT FEE', 'UNPAID TRANSACTION FEE', 'RETURNED ITEM FEE',
      'RETURNED DD FEE', 'RETURNED PAYMENT FEE', 'PAID ITEM FEE', 'UNPAID ITEM CHARGES', 'OVERDRAFT FEE', 'OVERDRAFT FEES', 'OVERDRAFT CHARGE',
      'OVERDRAFT CHARGES', 'OVERDRAFT INTEREST', 'OVERDRAFT USAGE FEE', 'OD INTEREST', 'OD FEE', 'OD CHARGE', 'UNARRANGED OVERDRAFT',
      'UNARRANGED OVERDRAFT FEE', 'UNARRANGED OD', 'UNAUTHORISED OVERDRAFT', 'UNPLANNED OVERDRAFT', 'ARRANGED OVERDRAFT', 'ARRANGED OVERDRAFT FEE',
      'DEBIT INTEREST', 'INTEREST CHARGED', 'INTEREST CHARGE', 'ACCOUNT FEE', 'MONTHLY FEE', 'MONTHLY ACCOUNT FEE', 'MONTHLY MAINTENANCE FEE',
      'ACCOUNT MAINTENANCE FEE', 'BANK CHARGES', 'BANK CHARGE', 'NON STERLING TRANSACTION FEE', 'NON STERLING FEE',
      'NON STERLING CASH FEE', 'NON GBP TRANS FEE', 'NON GBP PURCH FEE', 'FOREIGN TRANSACTION FEE', 'FX FEE', 'ATM FEE', 'CASH FEE',
      'CASH WITHDRAWAL FEE', 'LATE PAYMENT FEE', 'LATE FEE', 'CHAPS FEE', 'OVER LIMIT FEE', 'PACKAGED ACCOUNT FEE', 'ACCOUNT CHARGES', 'POS FEE',
    ],
  },
  {
    target: 'cash',
    strong: true,
    phrases: ['CASH WITHDRAWAL', 'CASH WDL', 'CASH W D', 'ATM', 'ATM WITHDRAWAL', 'CASHPOINT', 'CASH MACHINE', 'LINK ATM', 'CASH ADVANCE', 'CASHBACK AT TILL'],
  },
  {
    target: 'cash_deposit',
    strong: true,
    phrases: ['CASH DEPOSIT', 'CASH PAID IN', 'CASH CREDIT', 'PAID IN AT', 'COUNTER CREDIT', 'BRANCH DEPOSIT', 'DEPOSIT MACHINE', 'POST OFFICE DEPOSIT', 'CASH IN'],
  },
  { target: 'cash', phrases: ['CASH'] },
  // Alone, these words on a statement are the bank's own charges; beside a payee ("PARKING CHARGES") the payee wins.
  { target: 'bank_charges', phrases: ['CHARGES', 'FEES', 'COMMISSION', 'FEE'] },
  // Pay words beat the payer's name: employers are often shops ("SILVERLINE RETAIL SALARY", "TESCO STORES WAGES").
  { target: 'salary', strong: true, phrases: ['SALARY', 'SALARIES', 'WAGES', 'WAGE', 'NET PAY', 'NETPAY', 'SLRY', 'BACS SALARY'] },
  { target: 'salary', phrases: ['WEEKLY PAY', 'MONTHLY PAY', 'HOLIDAY PAY', 'SICK PAY', 'SSP', 'SMP'] },
  { target: 'payroll', phrases: ['PAYROLL', 'STAFF WAGES', 'STAFF PAY'] },
  { target: 'pension', phrases: ['PENSION', 'PENSIONS', 'ANNUITY', 'SUPERANNUATION', 'PENSION FUND', 'PENSION SCHEME'] },
  { target: 'council', phrases: ['COUNCIL TAX', 'CTAX', 'C TAX', 'CNCL TAX', 'COUNCIL', 'DOMESTIC RATES', 'RATES'] },
  { target: 'business_rates', phrases: ['NNDR', 'BUSINESS RATES', 'NON DOMESTIC RATES'] },
  { target: 'rent', phrases: ['RENT', 'RENT PAYMENT', 'HOUSING ASSOCIATION', 'LANDLORD', 'GROUND RENT', 'SERVICE CHARGE', 'ROOM RENT', 'HOUSING RENT'] },
  { target: 'letting_agent', phrases: ['LETTINGS', 'LETTING', 'LETTING AGENT', 'LETTING AGENTS', 'ESTATE AGENTS', 'PROPERTY MANAGEMENT', 'PROPERTIES', 'PROPERTY', 'HOMES', 'HOUSING', 'TENANCY'] },
  { target: 'mortgage', phrases: ['MORTGAGE', 'MORTGAGES', 'MTG', 'MTGE', 'HOME LOAN', 'MORTGAGE PAYMENT'] },
  { target: 'loan', phrases: ['LOAN', 'LOANS', 'LOAN REPAYMENT', 'PERSONAL LOAN', 'STUDENT LOAN', 'STUDENT LOANS', 'SECURED LOAN', 'BUSINESS LOAN'] },
  { target: 'payday_loan', phrases: ['PAYDAY LOAN', 'GUARANTOR LOAN', 'SHORT TERM LOAN', 'DOORSTEP LOAN'] },
  { target: 'car_finance', phrases: ['HIRE PURCHASE', 'HP AGREEMENT', 'CAR FINANCE', 'PCP', 'MOTOR FINANCE', 'CAR LOAN', 'VEHICLE FINANCE', 'CAR LEASE', 'LEASE RENTAL'] },
  { target: 'credit_card', phrases: ['CREDIT CARD', 'CREDITCARD', 'CC REPAYMENT', 'CARD REPAYMENT', 'CREDIT CARD PAYMENT', 'STORE CARD'] },
  { target: 'bnpl', phrases: ['PAY LATER', 'BUY NOW PAY LATER', 'BNPL', 'PAY IN INSTALMENTS'] },
  { target: 'debt_collection', phrases: ['DEBT RECOVERY', 'DEBT COLLECTION', 'COLLECTIONS', 'ENFORCEMENT', 'BAILIFF', 'BAILIFFS', 'HIGH COURT ENFORCEMENT', 'CCJ'] },
  { target: 'debt_management', phrases: ['DEBT MANAGEMENT', 'IVA', 'DMP', 'DEBT PLAN', 'DEBT SOLUTION', 'TRUST DEED'] },
  { target: 'insurance', phrases: ['INSURANCE', 'INS', 'ASSURANCE', 'INSURE', 'LIFE COVER', 'LIFE INSURANCE', 'CAR INSURANCE', 'HOME INSURANCE', 'PET INSURANCE', 'BREAKDOWN COVER', 'FUNERAL PLAN'] },
  { target: 'savings', ownTransfer: true, phrases: ['SAVINGS', 'SAVER', 'TO SAVINGS', 'FROM SAVINGS', 'SAVINGS ACCOUNT', 'SAVINGS POT', 'POT TRANSFER', 'TO POT', 'FROM POT', 'SAVINGS SPACE', 'ISA', 'SAVE THE CHANGE', 'ROUND UP', 'ROUNDUP', 'ROUND UPS'] },
  { target: 'transfer', ownTransfer: true, phrases: ['OWN ACCOUNT', 'INTERNAL TRANSFER', 'BETWEEN ACCOUNTS', 'MOVED TO', 'MOVED FROM', 'SWEEP', 'TRANSFER TO OWN', 'OWN TRANSFER', 'MY ACCOUNT'] },
  { target: 'investment', phrases: ['INVESTMENT', 'INVESTMENTS', 'INVEST', 'DIVIDEND', 'DIVIDENDS', 'STOCKS AND SHARES', 'SHARE DEALING', 'CRYPTO'] },
  { target: 'director', phrases: ['DRAWINGS', 'DIRECTORS LOAN', 'DIRECTOR LOAN', 'DIRECTORS LOAN ACCOUNT', 'CAPITAL INTRODUCED'] },
  { target: 'interest', phrases: ['INTEREST', 'GROSS INTEREST', 'CREDIT INTEREST', 'INTEREST PAID', 'INTEREST EARNED', 'NET INTEREST'] },
  { target: 'refund', phrases: ['REFUND', 'REFUNDS', 'RFND', 'REFUNDED', 'REVERSAL', 'REVERSED', 'CHARGEBACK', 'CHARGE BACK', 'CASHBACK', 'CREDIT VOUCHER', 'RETURNED GOODS'] },
  { target: 'gambling', phrases: ['BET', 'BETTING', 'BOOKMAKER', 'BOOKMAKERS', 'BOOKIES', 'CASINO', 'BINGO', 'LOTTERY', 'LOTTO', 'POKER', 'SLOTS', 'SPORTSBOOK', 'GAMBLING'] },
  { target: 'charity', phrases: ['CHARITY', 'DONATION', 'DONATIONS', 'HOSPICE', 'GIFT AID', 'SPONSORSHIP'] },
  { target: 'childcare', phrases: ['NURSERY', 'NURSERIES', 'CHILDMINDER', 'CHILDMINDING', 'CHILDCARE', 'AFTER SCHOOL', 'AFTER SCHOOL CLUB', 'BREAKFAST CLUB', 'CRECHE', 'HOLIDAY CLUB'] },
  { target: 'education', phrases: ['SCHOOL', 'SCHOOL MEALS', 'SCHOOL TRIP', 'SCHOOL FEES', 'TUITION', 'TUITION FEES', 'UNIVERSITY', 'COLLEGE', 'ACADEMY', 'TUTOR', 'TUTORING'] },
  { target: 'child_maintenance', phrases: ['MAINTENANCE PAYMENT', 'CHILD MAINTENANCE', 'CHILD SUPPORT'] },
  { target: 'energy', phrases: ['ELECTRICITY', 'ELECTRIC', 'GAS AND ELECTRIC', 'GAS AND ELECTRICITY', 'ENERGY', 'HEATING OIL', 'PREPAY ENERGY', 'GAS BILL'] },
  { target: 'water', phrases: ['WATER', 'WATER RATES', 'SEWERAGE', 'WATER BILL'] },
  { target: 'telecoms', phrases: ['BROADBAND', 'MOBILE', 'PHONE', 'TELECOM', 'TELECOMS', 'SIM ONLY', 'LANDLINE', 'FIBRE'] },
  { target: 'transport', phrases: ['PARKING', 'CAR PARK', 'TAXI', 'TAXIS', 'CAB', 'CABS', 'BUS', 'TRAIN', 'TRAINS', 'RAIL', 'RAILWAY', 'CONGESTION CHARGE', 'TOLL', 'ULEZ', 'FERRY', 'CAR RENTAL', 'CAR HIRE', 'PARKING PERMIT'] },
  { target: 'fuel', phrases: ['PETROL', 'FUEL', 'FILLING STATION', 'SERVICE STATION', 'PFS', 'EV CHARGING'] },
  { target: 'vehicle_costs', phrases: ['GARAGE', 'TYRES', 'MOT', 'CAR WASH', 'AUTOCENTRE', 'CAR REPAIRS', 'BODYSHOP', 'VALETING'] },
  { target: 'groceries', phrases: ['SUPERMARKET', 'SUPERSTORE', 'GROCERY', 'GROCERIES', 'BUTCHERS', 'BAKERY', 'GREENGROCER', 'CONVENIENCE STORE', 'OFF LICENCE', 'FOOD STORE', 'MINI MARKET', 'CASH AND CARRY'] },
  { target: 'eating_out', phrases: ['RESTAURANT', 'CAFE', 'COFFEE', 'PIZZA', 'KEBAB', 'TAKEAWAY', 'CHIPPY', 'FISH AND CHIPS', 'BAR', 'PUB', 'INN', 'TAVERN', 'BISTRO', 'DINER', 'GRILL', 'CURRY', 'TANDOORI', 'SUSHI', 'BURGER', 'CHICKEN', 'NOODLE', 'BRASSERIE', 'BAKEHOUSE', 'EATERY', 'CANTEEN', 'ARMS', 'BREWERY', 'TAPROOM', 'BREWHOUSE', 'STEAKHOUSE', 'CARVERY'] },
  { target: 'health_beauty', phrases: ['PHARMACY', 'CHEMIST', 'CHEMISTS', 'DENTAL', 'DENTIST', 'DENTISTS', 'OPTICIANS', 'OPTICIAN', 'DOCTOR', 'CLINIC', 'HAIR', 'HAIRDRESSER', 'BARBER', 'BARBERS', 'SALON', 'NAILS', 'BEAUTY', 'PHYSIO', 'PHYSIOTHERAPY', 'CHIROPRACTOR', 'MASSAGE', 'SPA', 'PRESCRIPTION'] },
  { target: 'pets', phrases: ['VETS', 'VET', 'VETERINARY', 'PET', 'PETS', 'PET SHOP', 'DOG GROOMING', 'KENNELS', 'CATTERY'] },
  { target: 'home_garden', phrases: ['DIY', 'HARDWARE', 'GARDEN CENTRE', 'FURNITURE', 'PLUMBING', 'PLUMBER', 'ELECTRICIAN', 'BUILDER', 'BUILDERS', 'ROOFING', 'WINDOW CLEANER', 'WINDOW CLEANING', 'CLEANING', 'CLEANER', 'LOCKSMITH', 'CARPETS', 'FLOORING', 'GARDENING', 'LANDSCAPING', 'DECORATING', 'REMOVALS', 'STORAGE'] },
  { target: 'holidays_travel', phrases: ['HOTEL', 'HOTELS', 'AIRLINES', 'AIRLINE', 'AIRWAYS', 'AIRPORT', 'HOLIDAY', 'HOLIDAYS', 'TRAVEL', 'FLIGHTS', 'CARAVAN PARK', 'HOLIDAY PARK', 'CAMPSITE', 'HOSTEL', 'TRAVEL MONEY', 'BUREAU DE CHANGE'] },
  { target: 'entertainment', phrases: ['CINEMA', 'THEATRE', 'TICKETS', 'CONCERT', 'FESTIVAL', 'BOWLING', 'MUSEUM', 'GALLERY', 'STADIUM', 'ESCAPE ROOM', 'GOLF', 'GOLF CLUB', 'FOOTBALL CLUB', 'SOFT PLAY'] },
  { target: 'subscriptions', phrases: ['GYM', 'FITNESS', 'LEISURE CENTRE', 'SUBSCRIPTION', 'SUBSCRIPTIONS', 'MEMBERSHIP', 'STREAMING', 'MONTHLY SUBSCRIPTION'] },
  { target: 'shopping', phrases: ['SHOP', 'STORE', 'STORES', 'RETAIL', 'ONLINE SHOP', 'MARKETPLACE', 'JEWELLERS', 'FLORIST', 'NEWSAGENT', 'BOOKSHOP', 'GIFTS'] },
  { target: 'professional_services', phrases: ['ACCOUNTANCY', 'ACCOUNTANTS', 'ACCOUNTANT', 'SOLICITORS', 'SOLICITOR', 'LEGAL FEES', 'CONSULTANCY', 'BOOKKEEPING', 'RECRUITMENT FEE'] },
  { target: 'transfer', phrases: ['TRANSFER', 'BANK TRANSFER', 'TFR', 'TRF', 'FASTER PAYMENT', 'MONEY TRANSFER', 'SENT MONEY', 'PAYMENT FROM', 'PAYMENT TO', 'BIRTHDAY', 'XMAS', 'CHRISTMAS'] },
  { target: 'money_transfer', phrases: ['WESTERN UNION', 'MONEYGRAM', 'REMITLY', 'WORLDREMIT', 'WORLD REMIT', 'TAPTAP SEND', 'LEMFI', 'XOOM', 'RIA MONEY TRANSFER', 'AZIMO', 'SENDWAVE'] },
  { target: 'sales', phrases: ['INVOICE', 'INV', 'INVOICE PAYMENT', 'SALES', 'TAKINGS', 'DEPOSIT FOR ORDER'] },
  { target: 'grant', phrases: ['GRANT', 'GRANT PAYMENT', 'BURSARY', 'SCHOLARSHIP'] },
];
