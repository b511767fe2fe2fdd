// Package admin is the operators' console's wiring: its route table (each
// call of the API under /admin/api/ with its method, path, the permission
// the guard enforces, and the handler, which lives with the area that owns
// what it changes), the console's web bundle and the console hosts. Who
// works the console (logins, roles, the audit log) is package staff.
package admin
