// Package demo fills a database with made-up members for `serve --demo`
// and for benchmarks: varied profiles of every tenant's pool with drawn
// photos that go through the real upload pipeline, known logins for each
// tenant, and a bulk generator (COPY) for data sets of 100,000+ profiles.
// It writes every table through the area that owns it (accounts, profiles,
// credits, likes, chat), and only reads on its own.
package demo
