// Package admin is the operators' console: staff accounts (not members),
// their second factor and sessions, what each role may do on which tenant
// (casbin, config/console_*), the audit log of staff actions, and the
// console's API under /admin/api/ on the console hosts only.
package admin
