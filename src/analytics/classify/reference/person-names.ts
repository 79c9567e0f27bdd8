/**
 * Common UK first names and surnames. Many brands are a family name (Evans, Barnes, Clarks); as a single token
 * they would catch bank transfers to people ("FPO J EVANS"). The reference build leaves such one-word names out of
 * the generated tables; the classifier ignores curated one-word names found here on person-to-person payments
 * ("FPO M COSTA" is a person, "COSTA COFFEE" by card is Costa).
 */
const PERSON_NAMES: ReadonlySet<string> = new Set([
  'SMITH', 'JONES', 'WILLIAMS', 'TAYLOR', 'BROWN', 'BROWNS', 'DAVIES', 'EVANS', 'WILSON', 'THOMAS', 'JOHNSON',
  'ROBERTS', 'ROBINSON', 'THOMPSON', 'WRIGHT', 'WALKER', 'WHITE', 'EDWARDS', 'HUGHES', 'GREEN', 'HALL', 'LEWIS',
  'HARRIS', 'CLARKE', 'CLARK', 'PATEL', 'JACKSON', 'WOOD', 'TURNER', 'MARTIN', 'COOPER', 'HILL', 'WARD',
  'MORRIS', 'MOORE', 'CLARKSON', 'KING', 'WATSON', 'BAKER', 'HARRISON', 'MORGAN', 'ALLEN', 'JAMES', 'SCOTT',
  'PHILLIPS', 'WATSON', 'DAVIS', 'PARKER', 'PRICE', 'BENNETT', 'YOUNG', 'GRIFFITHS', 'MITCHELL', 'KELLY',
  'COOK', 'CARTER', 'CARTERS', 'RICHARDSON', 'BAILEY', 'COLLINS', 'BELL', 'SHAW', 'MURPHY', 'MILLER', 'COX',
  'RICHARDS', 'KHAN', 'MARSHALL', 'ANDERSON', 'SIMPSON', 'ELLIS', 'ADAMS', 'SINGH', 'BEGUM', 'WILKINSON',
  'FOSTER', 'CHAPMAN', 'POWELL', 'WEBB', 'ROGERS', 'GRAY', 'GREY', 'MASON', 'ALI', 'HUNT', 'HUSSAIN', 'CAMPBELL',
  'MATTHEWS', 'OWEN', 'PALMER', 'HOLMES', 'MILLS', 'BARNES', 'KNIGHT', 'LLOYD', 'BUTLER', 'RUSSELL', 'BARKER',
  'FISHER', 'STEVENS', 'JENKINS', 'MURRAY', 'DIXON', 'HARVEY', 'HARVEYS', 'GRAHAM', 'PEARSON', 'AHMED',
  'FLETCHER', 'WALSH', 'KAUR', 'GIBSON', 'HOWARD', 'ANDREWS', 'STEWART', 'ELLIOTT', 'REYNOLDS', 'SAUNDERS',
  'PAYNE', 'FOX', 'FORD', 'PEARCE', 'DAY', 'BRADLEY', 'BRADLEYS', 'LAWRENCE', 'BOOTH', 'BOOTHS', 'DEAN',
  'CHURCH', 'CHURCHS', 'BARRETT', 'HARDY', 'SPENCER', 'WELLS', 'BARRY', 'BARRYS', 'BILL', 'BILLS', 'DEXTER',
  'DEXTERS', 'EDWIN', 'COLIN', 'COLINS', 'GEORGE', 'EMMA', 'ANNA', 'AIDEN', 'CLAIRE', 'CLAIRES', 'JACK', 'JACKS',
  'SAM', 'SAMS', 'MAX', 'LUCY', 'SOPHIE', 'OLIVER', 'OLIVIA', 'HARRY', 'CHARLIE', 'EVIE', 'ALFIE', 'JOE', 'JOES',
  'TOM', 'TOMS', 'BEN', 'BENS', 'DAN', 'LEO', 'MIA', 'ELLA', 'GRACE', 'RUBY', 'ROSE', 'LILY', 'DAVID', 'PAUL',
  'MARK', 'JOHN', 'PETER', 'MICHAEL', 'ANDREW', 'RICHARD', 'STEVEN', 'SARAH', 'LAURA', 'JULIE', 'KAREN',
  'CARLA', 'AGATHA', 'ALDO', 'HOBBS', 'BEALES', 'BOYES', 'BUTLERS', 'BREWERS', 'FULLERS',
  'TRAVIS', 'PERKINS', 'COSTA', 'BOOKER', 'FENWICK', 'TIMPSON', 'HILTON', 'MARRIOTT', 'CLARKS', 'NERO', 'LEON',
]);

/** Whether a one-word name is a common UK first name or surname. */
export function isPersonName(token: string): boolean {
  return PERSON_NAMES.has(token);
}
