// Package billing sells credit packages: the packages and payment methods a
// tenant offers per country, orders and their payments at a payment
// provider, the order states moved only by the provider's word, premium on
// the first purchase, transactions, invoices and refunds.
package billing
