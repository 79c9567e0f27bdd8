/**
 * Gambling operators (online ones are missing from the premises register) and the merchants that make up most
 * of a UK current account's card spending, in the spellings statements use ("SAINSBURYS S/MKT", "AMZNMKTPLACE",
 * "TFL TRAVEL CH"). These override the generated brand table where both know a name.
 */
import type { CuratedGroup } from './curated-group.ts';

export const spendingGroups: readonly CuratedGroup[] = [
  {
    target: 'gambling',
    names: [
      'Bet365|BET365|BET 365|HILLSIDE UK SPORTS|HILLSIDE SPORTS|BET365 COM', 'Sky Bet|SKY BET|SKYBET|SKY BETTING|SKY BETTING AND GAMING|SKY VEGAS|SKY CASINO|SKY POKER|SKY BINGO',
      'Paddy Power|PADDYPOWER|PADDY POWER BETFAIR|PPB|POWER LEISURE', 'Betfair|BETFAIR|BETFAIR EXCHANGE|BETFAIR CASINO', 'William Hill|WILLIAMHILL|WILLIAM HILL ONLINE|WHG|WHG INTERNATIONAL|WILLIAM HILL ORGANIZATION',
      'Ladbrokes|LADBROKES BETTING|LC INTERNATIONAL|LADBROKES COM', 'Coral|CORAL RACING|CORAL INTERACTIVE|CORAL CO UK', 'Betfred|BETFRED COM|DONE BROTHERS',
      'Betway|BETWAY LIMITED', '888|888 HOLDINGS|888SPORT|888CASINO|888 UK|888POKER|888 COM', 'Unibet', 'BetVictor|BET VICTOR', 'BoyleSports|BOYLE SPORTS',
      'Grosvenor Casinos|GROSVENOR CASINO|GROSVENOR CASINOS', 'Mecca Bingo|MECCA BINGO', 'Gala Bingo|GALA BINGO|GALA CASINO|GALA CORAL',
      'Buzz Bingo|BUZZ BINGO', 'tombola|TOMBOLA|TOMBOLA ARCADE', 'National Lottery|NATIONAL LOTTERY|NATL LOTTERY|CAMELOT|CAMELOT UK LOTTERIES|ALLWYN|LOTTERY COM',
      'Peoples Postcode Lottery|PEOPLES POSTCODE LOTTERY|POSTCODE LOTTERY', 'Health Lottery|HEALTH LOTTERY', 'Lottoland', 'Jackpotjoy|JACKPOT JOY',
      'Virgin Games|VIRGIN GAMES', 'Virgin Bet|VIRGIN BET', 'PokerStars|POKER STARS|STARS GROUP|POKERSTARS UK', 'Betdaq', 'Smarkets', '~Matchbook|MATCHBOOK COM|MATCHBOOK BETTING',
      'Star Sports', 'BetUK|BET UK', 'Spreadex|SPREADEX SPORTS', 'Sporting Index', 'Fitzdares', 'LiveScore Bet|LIVESCORE BET', 'Kwiff', 'Midnite',
      'BetMGM|BET MGM', 'Parimatch', 'LeoVegas|LEO VEGAS', 'Casumo', 'Mr Green|MRGREEN', '~Rialto|RIALTO CASINO', 'Aspers Casino|ASPERS', 'Genting Casino|GENTING',
      'Hippodrome Casino', 'Foxy Bingo|FOXY BINGO', 'Moon Bingo', 'Tote|TOTESPORT|THE TOTE', 'QuinnBet|QUINN BET', 'bwin', 'Entain|ENTAIN', 'Electraworks',
      'Novibet', 'Bet Fred', 'Betsson', 'Betano', 'Dazn Bet|DAZN BET', 'Betting Shop', 'Paddy Power Games', 'Betfair Games', 'Sun Bingo|SUN BINGO',
      'Heart Bingo', 'Rainbow Riches', 'Wink Bingo', 'Lucky Pants', 'Mr Q|MRQ', 'PlayOJO|PLAY OJO|SKILLONNET', 'Dream Vegas', 'Videoslots', 'Bet Victor',
      'Kindred Group', 'Flutter|FLUTTER ENTERTAINMENT', 'Evoke|EVOKE PLC', 'Rank Group|RANK INTERACTIVE', 'Betfair Payments',
    ],
  },
  {
    target: 'groceries',
    names: [
      'Tesco|TESCO STORES|TESCO STORE|TESCO EXTRA|TESCO EXPRESS|TESCO METRO|TESCO SUPERSTORE|TESCO GROCERIES|TESCO CO UK',
      'Sainsburys|SAINSBURYS S MKT|SAINSBURYS SMKT|SAINSBURYS SUPERMARKET|SAINSBURYS LOCAL|JS ONLINE GROCERY|J SAINSBURY|SAINSBURYS S MKTS',
      'Asda|ASDA STORES|ASDA SUPERSTORE|ASDA SUPERCENTRE|ASDA GROCERIES|ASDA COM', 'Morrisons|WM MORRISONS|MORRISONS STORE|WM MORRISON',
      'Aldi|ALDI STORES|ALDI UK', 'Lidl|LIDL GB|LIDL UK', 'Co-op|CO OP|COOP|CO OP GROUP FOOD|CO OPERATIVE FOOD|COOPERATIVE FOOD|SOUTHERN CO OP|MIDCOUNTIES CO OP|CENTRAL CO OP',
      'Waitrose|WAITROSE AND PARTNERS|WAITROSE CO UK', 'M&S Food|M AND S SIMPLY FOOD|M AND S FOOD|MARKS AND SPENCER|MARKS AND SPENCER SIMPLY|M AND S',
      'Iceland|ICELAND FOODS|ICELAND STORES', 'Ocado|OCADO RETAIL', 'Farmfoods', 'Spar|SPAR UK', 'Nisa Local|NISA LOCAL', 'Londis', 'Costcutter', 'One Stop|ONE STOP STORES',
      'Budgens', 'Booths|E H BOOTHS', 'Getir', 'Zapp', 'Abel & Cole|ABEL AND COLE', 'Riverford', 'Gousto', 'HelloFresh|HELLO FRESH',
      'Mindful Chef', 'Milk & More|MILK AND MORE', 'Heron Foods', 'Jack Fultons', 'Fulton Foods', 'Whole Foods|WHOLE FOODS MARKET', 'Planet Organic',
      'Holland & Barrett|HOLLAND AND BARRETT', 'Greggs Food', 'Premier Stores|PREMIER STORE', 'Family Shopper', 'McColls|MCCOLLS', 'Bargain Booze',
      'Majestic Wine', 'Naked Wines', 'Laithwaites', 'Amazon Fresh|AMAZON FRESH', 'Morrisons Daily|MORRISONS DAILY', 'Scotmid',
    ],
  },
  {
    target: 'fuel',
    names: [
      'Shell|SHELL UK|SHELL UK OIL|SHELL SERVICE STATION', 'BP|BP CONNECT|BP EXPRESS|BP PETROL|BP SERVICE|BP PULSE|BP CHARGEMASTER', 'Esso|ESSO UK', 'Texaco', '~Gulf|GULF OIL|GULF PETROL|GULF SERVICE STATION',
      '~Jet|JET PETROL|JET SERVICE STATION', 'MFG|MOTOR FUEL GROUP|MFG EXPRESS', 'EG Group|EG ON THE MOVE|EURO GARAGES', 'Tesco Petrol|TESCO PFS|TESCO PETROL|TESCO FUEL|TESCO PAY AT PUMP',
      'Sainsburys Petrol|SAINSBURYS PETROL|SAINSBURYS FUEL|SAINSBURYS PFS', 'Asda Petrol|ASDA PETROL|ASDA FUEL|ASDA PFS',
      'Morrisons Petrol|MORRISONS PETROL|MORRISONS FUEL|MORRISONS PFS', 'Applegreen', 'Harvest Energy', 'Certas Fuel', 'Rontec', 'Park Garage Group',
      'Instavolt', 'Pod Point|PODPOINT', 'Tesla Supercharger|TESLA SUPERCHARGER', 'Ionity', 'Osprey Charging', 'Gridserve', 'MFG EV Power',
    ],
  },
  {
    target: 'transport',
    names: [
      'TfL|TFL|TFL TRAVEL CH|TFL TRAVEL CHARGE|TRANSPORT FOR LONDON|TFL GOV UK|TFL CYCLE HIRE|TFL ULEZ|CONGESTION CHARGE', 'Trainline|THETRAINLINE|TRAINLINE COM',
      'LNER', 'Avanti West Coast|AVANTI', 'GWR|GREAT WESTERN RAILWAY', 'Northern Trains|NORTHERN RAIL|NORTHERN TRAINS', 'ScotRail|SCOT RAIL', 'Southern Railway',
      'Southeastern|SOUTH EASTERN RAILWAY', 'Thameslink', 'CrossCountry|CROSS COUNTRY TRAINS', 'TransPennine|TRANSPENNINE EXPRESS|TPE', 'c2c', 'Greater Anglia',
      'Merseyrail', 'Chiltern Railways', 'South Western Railway|SWR', 'West Midlands Railway|WMR', 'East Midlands Railway|EMR', 'Transport for Wales|TFW',
      'National Rail', 'First Bus|FIRSTBUS|FIRST GROUP', 'Stagecoach|STAGECOACH BUS', 'Arriva|ARRIVA BUS', 'National Express|NATIONAL EXPRESS',
      'Megabus', 'Go Ahead|GO AHEAD', 'Lothian Buses', 'Metrolink', 'Translink', 'RingGo|RINGGO|RING GO', 'PayByPhone|PAY BY PHONE|PAYBYPHONE',
      'JustPark|JUST PARK', 'NCP|NCP CAR PARK|NATIONAL CAR PARKS', 'APCOA', 'Q-Park|Q PARK', 'Euro Car Parks|EURO CAR PARKS', 'ParkingEye|PARKING EYE',
      'Dart Charge|DART CHARGE', 'Zipcar', 'Enterprise Rent-A-Car|ENTERPRISE RENT A CAR|ENTERPRISE CAR', '~Lime|LIME RIDE|LIMEBIKE|LIME TECHNOLOGY', 'Voi|VOI TECHNOLOGY',
      'Santander Cycles', 'Gett|GETT TAXI', 'Dott', 'Eurotunnel|EUROTUNNEL|LE SHUTTLE', 'M6 Toll|M6 TOLL', 'Mersey Gateway', 'Humber Bridge',
    ],
  },
  {
    target: 'vehicle_costs',
    names: ['Halfords|HALFORDS AUTOCENTRE', 'Kwik Fit|KWIK FIT|KWIKFIT', 'ATS Euromaster', 'National Tyres', 'Formula One Autocentres', 'Mr Clutch', 'Euro Car Parts', 'GSF Car Parts', 'MOT Test|MOT'],
  },
  {
    target: 'shopping',
    names: [
      'Amazon|AMAZON CO UK|AMAZON UK|AMZN|AMZNMKTPLACE|AMZN MKTP UK|AMZN MKTP|AMAZON MARKETPLACE|AMAZON RETAIL|AMAZON EU|AMZ', 'Argos|ARGOS LTD|ARGOS RETAIL',
      'Currys|CURRYS PC WORLD|DSG RETAIL|PC WORLD', 'John Lewis|JOHN LEWIS PARTNERSHIP|JOHNLEWIS', 'Home Bargains|TJ MORRIS', 'B&M|B AND M|B AND M RETAIL|B AND M BARGAINS',
      'Poundland', 'Wilko|WILKO RETAIL', 'The Range|THE RANGE|CDS SUPERSTORES', 'WHSmith|WH SMITH|WHSMITH',
      'Waterstones', 'Apple Store|APPLE STORE|APPLE RETAIL', 'Temu|TEMU COM', 'AliExpress|ALIEXPRESS', '~Wish|WISH COM', 'Card Factory|CARD FACTORY', 'Smyths Toys|SMYTHS',
      'The Entertainer', 'Game Digital|GAME STORES', 'CeX|CEX', 'Hobbycraft', 'Ryman', 'The Works|THE WORKS STORES', 'Selfridges', 'Harrods', 'Fenwick',
      'QVC', 'Lakeland', 'Robert Dyas', 'Ebuyer', 'Scan Computers', 'AO com|AO COM|AO RETAIL', 'Flying Tiger', 'TK Maxx|TK MAXX|TJX UK|TJX EUROPE',
    ],
  },
  {
    target: 'clothing',
    names: [
      'Primark|PRIMARK STORES', '~Next|NEXT RETAIL|NEXT DIRECTORY|NEXT ONLINE|NEXT PLC|NEXT CO UK', 'ASOS|ASOS COM', 'Shein|SHEIN COM', 'boohoo|BOOHOO COM',
      'PrettyLittleThing|PRETTY LITTLE THING|PRETTYLITTLETHING', '~Zara|ZARA UK|ZARA COM|ZARA HOME', 'H&M|H AND M|HANDM|H AND M HENNES', 'JD Sports|JD SPORTS|JDSPORTS', 'Sports Direct|SPORTSDIRECT|SPORTS DIRECT',
      'New Look|NEW LOOK', 'River Island|RIVER ISLAND', 'Matalan', 'Peacocks', 'Uniqlo', 'Schuh', 'Clarks|C AND J CLARK', 'Office Shoes|OFFICE SHOES', 'Footasylum',
      'Gymshark', 'Nike|NIKE COM|NIKE UK', 'Adidas', '~Mango|MANGO UK|MANGO COM', 'Superdry', 'FatFace|FAT FACE', 'White Stuff', '~Joules|JOULES CLOTHING|JOULES COM', '~Seasalt|SEASALT CORNWALL', 'Boden',
      'Quiz Clothing', 'In The Style', 'Missguided', 'Nasty Gal', 'George at Asda|GEORGE AT ASDA|GEORGE COM', 'F&F|F AND F CLOTHING', 'TU Clothing|TU CLOTHING',
    ],
  },
  {
    target: 'home_garden',
    names: [
      'IKEA|IKEA LTD|IKEA UK', 'B&Q|B AND Q|BANDQ|B AND Q PLC|DIY COM', 'Wickes|WICKES BUILDING', 'Screwfix|SCREWFIX DIRECT', 'Toolstation|TOOL STATION', 'Homebase',
      'Dunelm|DUNELM MILL', 'DFS|DFS TRADING', 'ScS', 'Furniture Village', 'Wayfair|WAYFAIR CO UK', 'Made com', 'Oak Furnitureland|OAK FURNITURE LAND',
      '~Dreams|DREAMS BEDS|DREAMS STORE', 'Bensons for Beds|BENSONS FOR BEDS', '~Habitat|HABITAT UK|HABITAT RETAIL', 'Travis Perkins|TRAVIS PERKINS', 'Jewson',
      'Selco', 'Howdens|HOWDENS JOINERY', 'Topps Tiles', 'Tile Giant', 'Carpetright', 'Dobbies', 'Wyevale', 'Notcutts', 'Timpson',
      'Pimlico Plumbers', 'Rentokil', 'Hillarys|HILLARYS BLINDS', 'Sharps Bedrooms', 'Magnet Kitchens',
    ],
  },
  {
    target: 'health_beauty',
    names: [
      'Boots|BOOTS UK|BOOTS THE CHEMIST', 'Superdrug', 'Lloyds Pharmacy|LLOYDSPHARMACY|LLOYDS PHARMACY', 'Well Pharmacy', 'Rowlands Pharmacy', 'Specsavers', 'Vision Express', 'Boots Opticians',
      'Bupa Dental|BUPA DENTAL', 'MyDentist|MY DENTIST|IDH', 'The Body Shop|BODY SHOP', '~Lush|LUSH RETAIL|LUSH COSMETICS', 'Feelunique', 'LookFantastic', 'Space NK',
      'Toni & Guy|TONI AND GUY', 'Rush Hair', 'Headmasters', 'Treatwell', 'Fresha', 'Booksy', 'Lloyds Online Doctor', 'Zava', 'Numan',
    ],
  },
  {
    target: 'eating_out',
    names: [
      'McDonalds|MCDONALDS|MC DONALDS|MCDONALDS RESTAURANTS', 'KFC|KENTUCKY FRIED CHICKEN', 'Burger King|BURGER KING', 'Greggs|GREGGS PLC', 'Costa|COSTA COFFEE',
      'Starbucks|STARBUCKS COFFEE', 'Pret A Manger|PRET|PRET A MANGER', 'Nandos|NANDOS CHICKENLAND', 'Subway|SUBWAY RESTAURANT', 'Dominos|DOMINOS PIZZA',
      'Pizza Hut|PIZZA HUT', 'Papa Johns|PAPA JOHNS', 'Five Guys|FIVE GUYS', 'Wagamama', 'Wetherspoon|JD WETHERSPOON|WETHERSPOONS|J D WETHERSPOON',
      'Frankie & Bennys|FRANKIE AND BENNYS', 'Toby Carvery|TOBY CARVERY', 'Harvester', 'Caffe Nero|CAFFE NERO|NERO', '~Leon|LEON RESTAURANTS|LEON COM', 'itsu', 'Wasabi', 'Tortilla',
      'Taco Bell|TACO BELL', 'Tim Hortons|TIM HORTONS', 'Krispy Kreme|KRISPY KREME', 'Dunkin|DUNKIN DONUTS', 'Chopstix', 'German Doner Kebab|GDK',
      'Pizza Express|PIZZAEXPRESS|PIZZA EXPRESS', 'Zizzi', 'Ask Italian|ASK ITALIAN', 'Prezzo', 'Bella Italia', 'Miller & Carter|MILLER AND CARTER', 'Hungry Horse',
      'Beefeater', 'Brewers Fayre', 'Slug and Lettuce', 'All Bar One', 'Mitchells & Butlers|MITCHELLS AND BUTLERS', 'Stonegate Pub', 'Greene King|GREENE KING',
      'Marstons Pub|MARSTONS INNS', 'Yo Sushi|YO SUSHI', 'Wingstop', 'Popeyes', 'Moto Hospitality|MOTO', 'Welcome Break|WELCOME BREAK', 'Roadchef',
      'Too Good To Go|TOO GOOD TO GO', 'Caffe Ritazza', 'Upper Crust', 'Leon Restaurants', 'Bills Restaurant',
    ],
  },
  {
    target: 'subscriptions',
    names: [
      'Netflix|NETFLIX COM|NETFLIX INTERNATIONAL', 'Spotify|SPOTIFY UK|SPOTIFY AB|SPOTIFY P', 'Disney+|DISNEY PLUS|DISNEYPLUS', 'Amazon Prime|AMAZON PRIME|PRIME VIDEO|AMZN PRIME|AMAZON PRIME VIDEO|PRIMEVIDEO',
      'Apple|APPLE COM BILL|APPLE COM|ITUNES|ITUNES COM|APPLE SERVICES|APPLE MUSIC', 'Google|GOOGLE PLAY|GOOGLE STORAGE|GOOGLE ONE|YOUTUBE PREMIUM|YOUTUBE|GOOGLE YOUTUBE',
      'Microsoft|MICROSOFT|MSFT|MICROSOFT STORE', 'Audible|AUDIBLE UK', 'Patreon', 'Tinder', 'Bumble', 'Hinge', 'Match com|MATCH COM', 'PureGym|PURE GYM|PUREGYM',
      'The Gym Group|THE GYM GROUP|GYM GROUP|THE GYM', 'David Lloyd|DAVID LLOYD LEISURE|DAVID LLOYD CLUBS', 'Nuffield Health|NUFFIELD HEALTH', 'Anytime Fitness',
      'Virgin Active|VIRGIN ACTIVE', 'Better Leisure|GLL|GLL BETTER', 'Everyone Active', 'Bannatyne|BANNATYNE FITNESS', 'JD Gyms', 'Snap Fitness', 'Xercise4Less',
      'Peloton', 'Strava', 'Paramount+|PARAMOUNT PLUS', 'BritBox', 'DAZN|DAZN LIMITED', 'TNT Sports|TNT SPORTS', 'Deezer', 'Tidal', 'Experian|EXPERIAN LTD|EXPERIAN CREDITEXPERT',
      'Checkmyfile', 'Duolingo', 'Headspace', 'Calm com|CALM COM', 'Kindle Unlimited|KINDLE UNLIMITED', '~Which?|WHICH CO UK|WHICH MAGAZINE|WHICH SUBSCRIPTION', 'National Trust|NATIONAL TRUST',
      'English Heritage|ENGLISH HERITAGE', 'The Times|TIMES NEWSPAPERS|THE TIMES', 'The Guardian|GUARDIAN NEWS', 'Telegraph|TELEGRAPH MEDIA', 'Financial Times|FT COM',
      'OnlyFans|ONLY FANS', 'Twitch', 'Xbox Game Pass|XBOX GAME PASS', 'PlayStation Plus|PLAYSTATION PLUS|PS PLUS', 'Nintendo Online', 'iCloud|ICLOUD', 'Now Membership',
      'ITVX|ITV X', 'Apple TV', 'Crunchyroll', 'Babbel', 'Grammarly', 'LinkedIn Premium|LINKEDIN',
    ],
  },
  {
    target: 'entertainment',
    names: [
      'Odeon|ODEON CINEMAS', 'Cineworld', 'Vue|VUE CINEMAS|VUE ENTERTAINMENT', 'Everyman Cinema', 'Picturehouse', 'Showcase Cinemas', 'Ticketmaster|TICKETMASTER UK',
      'See Tickets|SEETICKETS', 'Eventbrite', 'AXS', 'Live Nation|LIVE NATION', 'Skiddle', 'Dice FM', '~Steam|STEAMPOWERED|STEAM GAMES|STEAM PURCHASE', 'Nintendo|NINTENDO ESHOP',
      'Xbox|XBOX', 'PlayStation|PLAYSTATION NETWORK|SONY INTERACTIVE|PLAYSTATION STORE', 'Epic Games', 'Roblox', 'Merlin Entertainments|MERLIN ENTERTAINMENTS',
      'Alton Towers', 'Thorpe Park', 'Legoland', 'Chessington', 'Tenpin', 'Hollywood Bowl', 'Go Ape', 'Flip Out', 'Trampoline Park', 'Blackpool Pleasure Beach',
      'Paultons Park', 'Drayton Manor', 'Sea Life', 'Madame Tussauds', 'London Eye', 'Kew Gardens', 'Zoo',
    ],
  },
  {
    target: 'holidays_travel',
    names: [
      'Jet2|JET2 COM|JET2HOLIDAYS|JET2 HOLIDAYS', 'easyJet|EASYJET|EASY JET|EASYJET HOLIDAYS', 'Ryanair|RYANAIR', 'British Airways|BRITISH AIRWAYS|BRITISH A',
      'TUI|TUI UK|TUI HOLIDAYS|THOMSON', 'Booking.com|BOOKING COM', 'Airbnb|AIRBNB', 'Expedia', 'Hotels.com|HOTELS COM', 'Premier Inn|PREMIER INN',
      'Travelodge', 'loveholidays|LOVE HOLIDAYS', 'On the Beach|ONTHEBEACH|ON THE BEACH', 'Eurostar', 'Wizz Air|WIZZAIR|WIZZ AIR', 'Virgin Atlantic|VIRGIN ATLANTIC',
      'Emirates', 'Lastminute|LASTMINUTE COM', 'Trivago', 'Center Parcs|CENTER PARCS', 'Haven Holidays|HAVEN HOLIDAYS', 'Butlins', 'Pontins', 'Hoseasons',
      'Travelex', 'Post Office Travel Money', 'Loganair', 'Aer Lingus', 'KLM', 'Lufthansa', 'Qatar Airways', 'Turkish Airlines', 'Hays Travel', 'Trailfinders',
      'Sykes Cottages', 'Vrbo', 'Hilton|HILTON HOTELS', 'Marriott', 'Holiday Inn', 'Ibis', 'Best Western', 'Hostelworld', 'Stena Line', 'P&O Ferries|P AND O FERRIES',
      'Brittany Ferries', 'DFDS', 'Caledonian MacBrayne|CALMAC', 'Red Funnel', 'Wightlink', 'Heathrow|HEATHROW EXPRESS', 'Gatwick|GATWICK EXPRESS', 'Stansted Express',
    ],
  },
  {
    target: 'charity',
    names: [
      'JustGiving|JUST GIVING', 'GoFundMe|GO FUND ME', 'Cancer Research UK|CANCER RESEARCH', 'British Heart Foundation|BHF', 'Oxfam', 'RSPCA', 'NSPCC', 'Macmillan|MACMILLAN CANCER',
      'Save the Children', 'UNICEF', 'British Red Cross|RED CROSS', 'Barnardos', 'Age UK', 'Comic Relief', 'Children in Need', '~Battersea|BATTERSEA DOGS|BATTERSEA DOGS AND CATS', 'Dogs Trust', 'Cats Protection',
      '~Shelter|SHELTER CHARITY|SHELTER ENGLAND', 'Marie Curie', 'Sue Ryder', 'WaterAid|WATER AID', 'Islamic Relief', 'Muslim Aid', 'Tearfund', 'Christian Aid', 'Medecins Sans Frontieres|MSF',
      'WWF', 'Greenpeace', 'Amnesty International|AMNESTY', 'St John Ambulance', 'Samaritans', 'RNLI', 'Guide Dogs', 'Alzheimers Society', 'Air Ambulance|AIR AMBULANCE',
      'Great Ormond Street|GOSH CHARITY', 'Mind Charity|MIND CHARITY', 'Blue Cross', 'PDSA', 'Sightsavers', 'Plan International', 'ActionAid', 'Crisis UK',
    ],
  },
  // Wallet wording some banks add after the merchant ("TESCO STORES APPLE PAY"): never the payee itself.
  { target: 'payment_processor', weak: true, names: ['Apple Pay|APPLE PAY', 'Google Pay|GOOGLE PAY|ANDROID PAY', 'Samsung Pay|SAMSUNG PAY'] },
  { target: 'pets', names: ['Pets at Home|PETS AT HOME', 'Jollyes', 'Vets4Pets|VETS 4 PETS', 'Medivet', 'Butternut Box', 'Tails com|TAILS COM', 'Zooplus', 'Pet Drugs Online', 'Monster Pet Supplies', 'Companion Care Vets'] },
];
