// Package likes owns how members find each other beyond search: likes,
// liked-by with the new-like flag, matches, the swipe game with its daily
// limit, the match finder and auto-likes from house profiles.
package likes
