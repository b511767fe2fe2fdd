// Package locale writes dates and amounts of money the way each of the
// sites' languages writes them ("24 listopada 2026", "€ 12,50", "12,50 €",
// "$12.50"), for the mails, pushes and invoices the server renders. It is a
// small explicit table per language (CLDR's long date and currency
// patterns, simplified to what the sites use) rather than a general
// formatting library: the languages are the sites' 11, and a table is easy to
// read and to check against a translator's eye.
package locale
