// Package webapp serves the member app: index.html with the tenant's
// settings, theme and member injected, the hashed assets, themes and the
// per-tenant web app manifest.
package webapp
