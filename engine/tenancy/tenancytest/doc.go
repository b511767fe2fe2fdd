// Package tenancytest gives tests a fresh database with the demo tenants of
// tenants/ imported, the starting point of most domain tests.
package tenancytest
