// Package brandfile checks and imports brand files (tenant files) whole.
// Package tenancy stores a brand's own fields and keeps the other sections
// without reading them; each of those belongs to an area (billing's
// packages and methods, chat's gifts, the affiliates' postbacks), and some
// areas act when brands are stored (every brand has its time bonus). The
// sections are listed once, here, so every way a brand file comes in (the
// start, `rendezvous tenants import` and the console) runs every check and
// every step, and no caller has to remember an area.
package brandfile
