// Package privacy answers members' rights over their data: a copy of
// everything the engine keeps of a member ("Download my data"), built by a
// job into one zip of JSON, the original photos and a short HTML index,
// mailed as a link that works for seven days and only for the logged-in
// member (the console builds the same copy on request); and the brands'
// retention of addresses, dropped by a daily job once older than the brand
// keeps them. It reads the other areas' tables read only and changes them
// through their owners (accounts forgets the addresses, wired in by the
// server).
package privacy
