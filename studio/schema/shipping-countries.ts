/**
 * The countries Stripe Checkout ships to (the site's shared/shipping-countries.ts, written again
 * because the Studio is installed on its own; tests/node/studio-schema.test.ts keeps the two in
 * step): a Store whose "Shipping to" has another ("UK": the United Kingdom is GB) is refused here,
 * as Stripe would refuse every checkout with a print.
 */
const CODES = `
AC AD AE AF AG AI AL AM AO AQ AR AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS 
BT BV BW BY BZ CA CD CF CG CH CI CK CL CM CN CO CR CV CW CY CZ DE DJ DK DM DO DZ EC EE EG EH ER 
ES ET FI FJ FK FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HN HR HT HU ID 
IE IL IM IN IO IQ IS IT JE JM JO JP KE KG KH KI KM KN KR KW KY KZ LA LB LC LI LK LR LS LT LU LV 
LY MA MC MD ME MF MG MK ML MM MN MO MQ MR MS MT MU MV MW MX MY MZ NA NC NE NG NI NL NO NP NR NU 
NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL 
SM SN SO SR SS ST SV SX SZ TA TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA 
VC VE VG VN VU WF WS XK YE YT ZA ZM ZW ZZ
`;

export const SHIPPING_COUNTRIES: ReadonlySet<string> = new Set(CODES.split(/\s+/).filter(Boolean));
