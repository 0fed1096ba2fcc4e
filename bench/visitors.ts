// The visitors a bench posts as (CF-Connecting-IP): each a network of its own, so the site's
// per-visitor limits (which count an IPv6 address by its /64) are not what is measured.

let visitors = 0;

/** A documentation address (RFC 3849) in a /64 no other visitor of the run has. */
export const nextVisitor = () => `2001:db8:${(++visitors).toString(16)}::1`;
