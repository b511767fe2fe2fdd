// Package landerpages owns what affiliates send: the traffic source a visitor
// arrives with (network, ref, sub1..sub3), remembered across the visit so
// that search visibility and signups can depend on it and the member keeps
// it for accounting.
package landerpages
