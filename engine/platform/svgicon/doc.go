// Package svgicon draws the themes' icons (flat SVG drawings: filled
// rects, circles, ellipses, polygons and paths) as PNG images.
//
// Why: a browser draws an SVG image in a document of its own, which it
// builds on the page's main thread: the favicon and the header's logo cost
// 14-63 ms each there while the app starts (Lighthouse's total blocking
// time). A PNG is decoded off the main thread. Home screens also want PNG
// icons (the web manifest's 192 and 512 px, Apple's 180 px).
//
// Only what the themes' drawings use is supported; anything else (a
// gradient, a stroke, a transform, text) is an error, so a new drawing
// that this package would draw wrongly fails the engine's tests instead.
package svgicon
