// Package outbound is how the engine calls addresses that tenants and
// members chose: affiliate networks' postback URLs and browsers' web push
// endpoints. Such an address must never reach the engine's own machine or
// network (its ops port, a database, a cloud metadata service): a Guard
// refuses loopback, private, link-local, unspecified, multicast and
// otherwise reserved addresses, once when the address is saved (CheckHost)
// and again on every connection its clients open (the dialer checks the
// address actually dialled, after DNS, on every redirect), so neither a
// redirect nor a name that later resolves elsewhere gets through.
package outbound
