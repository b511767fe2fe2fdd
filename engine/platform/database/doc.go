// Package database connects the engine to PostgreSQL and migrates the schema.
package database
