/**
 * Household bills and commitments: energy suppliers, water companies, telecoms, insurers, life and pension
 * companies, savings and investment platforms, childcare and school payment systems, government payees.
 * Energy suppliers include failed ones (Bulb, Avro, Igloo, ...): histories reach back years.
 */
import type { CuratedGroup } from './curated-group.ts';

export const billGroups: readonly CuratedGroup[] = [
  {
    target: 'energy',
    names: [
      'British Gas|BRITISH GAS SERVICES|BRITISHGAS|BG ENERGY', 'Octopus Energy|OCTOPUS ENERGY|OCTOPUSENERGY', 'EDF Energy|EDF|EDF ENERGY CUSTOMERS',
      'E.ON|EON|E ON|E ON NEXT|EON NEXT|EON ENERGY', 'OVO Energy|OVO|OVO ENERGY', 'Scottish Power|SCOTTISHPOWER|SCOTTISH POWER ENERGY',
      'SSE|SSE ENERGY|SSE ENERGY SUPPLY|SOUTHERN ELECTRIC|SCOTTISH HYDRO|SWALEC', 'Shell Energy|SHELL ENERGY', '~Bulb|BULB ENERGY',
      'Utility Warehouse|UTILITY WAREHOUSE', 'So Energy|SO ENERGY', 'Utilita|UTILITA ENERGY', 'Outfox the Market|OUTFOX THE MARKET',
      'Good Energy|GOOD ENERGY', 'Ecotricity|ECOTRICITY', 'Boost Energy|BOOST POWER|BOOST ENERGY', 'Sainsburys Energy|SAINSBURYS ENERGY',
      'Co-op Energy|CO OP ENERGY|COOP ENERGY', 'Avro Energy|AVRO ENERGY', 'Igloo Energy|IGLOO ENERGY', 'Green Energy UK|GREEN ENERGY UK|GEUK',
      'Bristol Energy', 'Together Energy', 'Pure Planet|PURE PLANET', 'Robin Hood Energy', 'Spark Energy', 'Economy Energy',
      'npower|NPOWER', 'M&S Energy|M AND S ENERGY', 'Calor Gas|CALOR', 'Flogas|FLO GAS', 'Certas Energy|CERTAS',
      'Power NI|POWER NI|POWERNI', 'SSE Airtricity|AIRTRICITY', 'Budget Energy|BUDGET ENERGY', 'Click Energy|CLICK ENERGY',
      'Firmus Energy|FIRMUS', 'Rebel Energy', 'Ebico', 'Tonik Energy', 'Symbio Energy', 'People Energy', 'Orbit Energy',
      'Nabuh Energy', 'Tru Energy', 'Yorkshire Energy', 'Daligas', 'Bulb Energy', 'Affect Energy', 'Octopus EV|OCTOPUS ELECTRIC VEHICLES',
    ],
  },
  {
    target: 'water',
    names: [
      'Thames Water|THAMES WATER UTILITIES', 'Severn Trent|SEVERN TRENT WATER|STW', 'United Utilities|UNITED UTILITIES WATER|UU WATER',
      'Anglian Water|ANGLIAN WATER SERVICES', 'Yorkshire Water|YORKSHIRE WATER SERVICES', 'Northumbrian Water|NWL',
      'Essex & Suffolk Water|ESSEX AND SUFFOLK WATER', 'Southern Water|SOUTHERN WATER SERVICES', 'South West Water|SWW|SOUTH WEST WATER',
      'Wessex Water|WESSEX WATER SERVICES', 'Welsh Water|DWR CYMRU|DWR CYMRU WELSH WATER|GLAS CYMRU', 'Affinity Water|AFFINITY WATER',
      'South East Water|SOUTH EAST WATER', 'Portsmouth Water', 'SES Water|SUTTON AND EAST SURREY WATER|SES WATER',
      'Bristol Water', 'Cambridge Water', 'South Staffs Water|SOUTH STAFFORDSHIRE WATER', 'Bournemouth Water', 'Hafren Dyfrdwy',
      'Scottish Water', 'NI Water|NORTHERN IRELAND WATER', 'Castle Water', 'Water Plus|WATERPLUS', 'Wave Utilities', 'Everflow Water',
      'Business Stream', 'Pennon Water', 'Veolia Water', 'Albion Water', 'Icosa Water', 'Leep Utilities',
    ],
  },
  {
    target: 'telecoms',
    names: [
      'BT|BT GROUP|BRITISH TELECOM|BT BROADBAND|BT MOBILE|BRITISH TELECOMMUNICATIONS', 'Sky|SKY UK|SKY DIGITAL|SKY MOBILE|SKY TALK|SKY SUBSCRIPTION|BSKYB',
      'Virgin Media|VIRGIN MEDIA|VIRGINMEDIA|VIRGIN MEDIA O2', 'Virgin Mobile|VIRGIN MOBILE', 'Vodafone|VODAFONE UK|VODAFONE LTD',
      'EE|EE LIMITED|EVERYTHING EVERYWHERE|EE MOBILE', 'O2|TELEFONICA|TELEFONICA UK|O2 UK', '~Three|THREE UK|HUTCHISON 3G|H3G|THREE MOBILE|THREE CO UK',
      'TalkTalk|TALK TALK|TALKTALK TELECOM', 'Plusnet|PLUS NET|PLUSNET', 'Hyperoptic', 'Community Fibre', 'giffgaff|GIFF GAFF',
      'Tesco Mobile|TESCO MOBILE', 'iD Mobile|ID MOBILE', 'Lebara|LEBARA MOBILE', 'Lycamobile|LYCA MOBILE|LYCAMOBILE', 'SMARTY|SMARTY MOBILE',
      'VOXI', 'NOW TV|NOWTV|NOW TV SUBSCRIPTION', 'TV Licence|TV LICENCE|TV LICENSING|TVL|TV LICENCE MBP|TVLICENSING',
      'Post Office Broadband|POST OFFICE BROADBAND|POST OFFICE TELECOMS', 'Zen Internet', 'Cuckoo Broadband|CUCKOO', 'YouFibre',
      'Gigaclear', 'Trooli', 'Truespeed', 'Lightspeed Broadband', 'Brsk', 'Toob', 'Origin Broadband', 'KCOM', 'Shell Energy Broadband',
      'Sky Broadband|SKY BROADBAND', 'Freeview', 'Freesat', 'BT Sport|BT SPORT', 'Spusu', 'Honest Mobile', 'Talkmobile|TALK MOBILE',
      'Asda Mobile|ASDA MOBILE', 'Sainsburys Mobile', 'Ecotalk', 'Truphone', 'Utility Warehouse Broadband',
    ],
  },
  {
    target: 'insurance',
    names: [
      'Admiral|ADMIRAL INSURANCE|ADMIRAL GROUP|EUI|EUI LIMITED', 'Direct Line|DIRECT LINE INSURANCE|DLG', '~Churchill|CHURCHILL INSURANCE',
      '~Privilege|PRIVILEGE INSURANCE', 'Green Flag|GREEN FLAG', 'The AA|AA INSURANCE|AA MEMBERSHIP|AUTOMOBILE ASSOCIATION|AA BREAKDOWN',
      'RAC|RAC MOTORING|RAC INSURANCE|RAC BREAKDOWN', 'LV=|LV|LIVERPOOL VICTORIA|LV INSURANCE', 'Hastings Direct|HASTINGS INSURANCE|ADVANTAGE INSURANCE|HASTINGS DIRECT',
      'esure|ESURE INSURANCE', 'Sheilas Wheels|SHEILAS WHEELS', 'More Than|MORE TH N|MORETHAN|MORE THAN INSURANCE', 'RSA|RSA INSURANCE|ROYAL SUN ALLIANCE',
      'Zurich|ZURICH INSURANCE', 'Allianz|ALLIANZ INSURANCE', 'AXA|AXA INSURANCE|AXA PPP', 'Ageas|AGEAS INSURANCE', '~Vitality|VITALITY HEALTH|VITALITYLIFE|VITALITY LIFE|VITALITY INSURANCE',
      'Bupa|BUPA INSURANCE', 'AIG Life|AIG', 'Sun Life|SUNLIFE|SUN LIFE DIRECT', 'Post Office Insurance|POST OFFICE INSURANCE',
      'Saga|SAGA INSURANCE|SAGA SERVICES', 'Tesco Insurance|TESCO INSURANCE|TESCO BANK INSURANCE', 'Petplan|PET PLAN', 'ManyPets|MANY PETS|BOUGHT BY MANY',
      'Animal Friends|ANIMAL FRIENDS INSURANCE', 'Agria|AGRIA PET', 'HomeServe|HOME SERVE', 'Domestic & General|DOMESTIC AND GENERAL|D AND G|DANDG',
      'Protect Your Bubble|PROTECTYOURBUBBLE', 'SquareTrade|SQUARE TRADE', 'Insurance2go|INSURANCE 2 GO', 'Beagle Street', 'Guardian Protection',
      'LifeSearch', 'Ageas Protect', 'Marshmallow|MARSHMALLOW INSURANCE', 'By Miles|BYMILES', 'Cuvva', 'Tempcover', 'Veygo', 'Dayinsure',
      '1st Central|1ST CENTRAL|FIRST CENTRAL', 'Insure The Box|INSURETHEBOX', 'Diamond Insurance', '~Elephant|ELEPHANT INSURANCE|ELEPHANT CO UK', 'Go Skippy',
      'Swinton|SWINTON INSURANCE', 'Adrian Flux|ADRIAN FLUX', 'Hiscox', 'Simply Business|SIMPLY BUSINESS', 'Direct Line for Business',
      'NFU Mutual|NFU MUTUAL', 'Co-op Insurance|CO OP INSURANCE|COOP INSURANCE', 'John Lewis Insurance', 'Halifax Home Insurance|HALIFAX INSURANCE',
      'Lloyds Insurance|LLOYDS BANK INSURANCE', 'Santander Insurance', 'Nationwide Insurance', 'Aviva Insurance|AVIVA INSURANCE',
      'Dignity Funeral Plan|DIGNITY FUNERALS|DIGNITY FUNERAL', 'Golden Charter', 'Co-op Funeralcare|CO OP FUNERALCARE', 'Avantia', 'Homeprotect|HOME PROTECT',
      'Policy Expert|POLICYEXPERT', 'Plum Underwriting', 'Quotezone', 'Coverbox', 'Chubb', 'QBE', 'Ecclesiastical', 'Markerstudy',
      'Collingwood', 'Somerset Bridge', 'Premium Credit|PREMIUM CREDIT', 'Close Premium Finance|CLOSE PREMIUM',
    ],
  },
  {
    target: 'pension_insurer',
    names: [
      'Aviva|AVIVA LIFE|AVIVA PENSIONS|AVIVA ANNUITY|NORWICH UNION', 'Legal & General|LEGAL AND GENERAL|L AND G|LANDG', 'Royal London|ROYAL LONDON MUTUAL',
      'Prudential|PRUDENTIAL ASSURANCE|M AND G|M&G', 'Scottish Widows|SCOTTISH WIDOWS', 'Standard Life|STANDARD LIFE ASSURANCE',
      'Aegon|AEGON UK|COFUNDS', 'Phoenix Life|PHOENIX LIFE|PHOENIX GROUP', 'Canada Life|CANADA LIFE', 'Just Group|JUST RETIREMENT|JUST GROUP',
      'Scottish Life', 'Zurich Life|ZURICH ASSURANCE', 'Friends Life|FRIENDS PROVIDENT', 'Pension Annuity', 'Rothesay Life|ROTHESAY',
      'Pension Insurance Corporation|PENSION INSURANCE CORP', 'Lloyds Annuity', 'Reassure|REASSURE LIMITED', 'Utmost Life', 'Liverpool Victoria Life',
    ],
  },
  {
    target: 'savings',
    names: [
      'Moneybox|MONEY BOX|MONEYBOX APP', '~Plum|PLUM FINTECH|WITHPLUM|PLUM SAVINGS', '~Chip|CHIP FINANCIAL|GETCHIP|CHIP SAVINGS', 'NS&I|NS AND I|NSANDI|NATIONAL SAVINGS|PREMIUM BONDS',
      '~Marcus|MARCUS BY GOLDMAN SACHS|MARCUS SAVINGS|GOLDMAN SACHS INTERNATIONAL', 'Raisin UK|RAISIN BANK', 'Flagstone', 'Atom Bank|ATOM BANK', 'Shawbrook Savings',
      'Kroo', 'Chase Saver', 'Zopa Savings|ZOPA SMART SAVER', 'Premier Savings',
    ],
  },
  {
    target: 'investment',
    names: [
      'Vanguard|VANGUARD ASSET MANAGEMENT|VANGUARD INVESTOR', 'Hargreaves Lansdown|HARGREAVES LANSDOWN', 'AJ Bell|AJ BELL|YOUINVEST',
      'Nutmeg|NUTMEG SAVING', 'Freetrade', 'Trading 212|TRADING212|TRADING 212', 'eToro|ETORO', 'Coinbase', 'Binance', '~Kraken|KRAKEN COM|PAYWARD', 'Crypto.com|CRYPTO COM',
      'Wealthify', 'Moneyfarm|MONEY FARM', 'Interactive Investor|INTERACTIVE INVESTOR', 'Fidelity|FIDELITY INTERNATIONAL|FIDELITY INVESTMENTS',
      'Charles Stanley', 'St James Place|ST JAMES PLACE|SJP', 'Wealthsimple', 'InvestEngine', 'Lightyear', 'Robinhood', 'Revolut Trading',
      'Bestinvest', 'Close Brothers Asset Management', 'Rathbones', 'Quilter', 'Seccl', 'Stocktrade', 'IG Index|IG MARKETS|IG GROUP',
      'CMC Markets', 'Plus500', 'Spreadex Financial',
    ],
  },
  {
    target: 'workplace_pension',
    names: [
      'NEST|NEST PENSIONS|NEST PENSION', 'The Peoples Pension|PEOPLES PENSION|B AND CE', 'Smart Pension|SMART PENSION', 'NOW Pensions|NOW PENSIONS',
      'Teachers Pensions|TEACHERS PENSION|TEACHERS PENSIONS', 'NHS Pensions|NHS PENSIONS|NHSBSA PENSIONS|NHS PENSION', 'MyCSP|MY CSP|CIVIL SERVICE PENSION',
      'Veterans UK|VETERANS UK|ARMED FORCES PENSION|SPVA', 'Pension Protection Fund|PENSION PROTECTION FUND|PPF', 'USS|UNIVERSITIES SUPERANNUATION',
      'Royal Mail Pension|ROYAL MAIL PENSION', 'BT Pension Scheme|BT PENSION', 'Police Pension|POLICE PENSION', 'Firefighters Pension|FIREFIGHTERS PENSION',
      'West Yorkshire Pension Fund|WYPF', 'Greater Manchester Pension Fund|GMPF', 'Strathclyde Pension Fund|SPF PENSION', 'Merseyside Pension Fund',
      'South Yorkshire Pensions', 'Lancashire County Pension Fund|LCPF', 'Local Pensions Partnership', 'Capita Pension|CAPITA PENSION',
      'Equiniti Pensions|EQUINITI', 'XPS Pensions', 'Mercer Pensions', 'Aon Pensions', 'Barnett Waddingham', 'Railways Pension|RAILPEN',
      'Armed Forces Pension', 'Principal Civil Service Pension', 'Coal Pension|MINEWORKERS PENSION', 'Shell Pension', 'BP Pension|BP PENSION',
    ],
  },
  {
    target: 'childcare',
    names: [
      'Childcare Service|CHILDCARE SERVICE|HMRC CHILDCARE|TAX FREE CHILDCARE|CHILDCARE ACCOUNT', 'Busy Bees|BUSY BEES', 'Bright Horizons',
      'Kids Planet', 'Tops Day Nurseries', 'Little Pioneers', 'N Family|N FAMILY CLUB', 'Storal', 'Kidsunlimited', 'Childbase',
    ],
  },
  {
    target: 'education',
    names: [
      'ParentPay|PARENT PAY|PARENTPAY', 'Scopay|SCO PAY', 'SchoolMoney|SCHOOL MONEY', '~Arbor|ARBOR EDUCATION|ARBOR SCHOOL', '~Squid|SQUID CARD|SQUIDCARD',
      'Tucasi', 'Open University|OPEN UNIVERSITY', 'UCAS', 'Sumdog', 'Kumon', 'Explore Learning', 'Bedrock Learning', 'Tassomai',
      'ParentMail|PARENT MAIL', 'School Gateway|SCHOOL GATEWAY', 'Pay360|PAY360 SCHOOLS',
    ],
  },
  {
    target: 'child_maintenance',
    names: ['Child Maintenance Service|CHILD MAINTENANCE SERVICE|CMS|CMS COLLECT AND PAY|CHILD MAINTENANCE|CSA|CHILD SUPPORT AGENCY'],
  },
  {
    target: 'council',
    names: ['Land & Property Services|LAND AND PROPERTY SERVICES|LPS|LPS RATES|LPS NI RATES'],
  },
  {
    target: 'vehicle_tax',
    names: ['DVLA|DVLA VEHICLE TAX|DVLA VEH TAX|DVLA VEHICLE LICENSING|VEHICLE TAX'],
  },
];
