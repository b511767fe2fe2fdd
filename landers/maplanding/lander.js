// The member map: a pin goes to its region's part of the map and, within
// it, to its city's spot (the same city, the same spot: the pins of one
// city stand side by side). The spots come from the names' hashes.
(function () {
  var pins = document.querySelectorAll('.map .pin');
  if (!pins.length) return;
  function hash(s) {
    var h = 2166136261;
    for (var i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619); }
    return h >>> 0;
  }
  var zones = [[22, 34], [50, 26], [76, 34], [20, 66], [46, 70], [74, 70], [62, 48], [34, 48]];
  var seen = {};
  Array.prototype.forEach.call(pins, function (pin) {
    var region = pin.getAttribute('data-region') || '';
    var city = pin.getAttribute('data-city') || '';
    if (!region && !city) return;
    var z = zones[hash(region || city) % zones.length];
    var c = hash(city + '|' + region);
    var x = z[0] + ((c % 17) - 8);
    var y = z[1] + (((c >>> 8) % 13) - 6) + 8;
    var key = city + '|' + region;
    var n = seen[key] = (seen[key] || 0) + 1;
    x += (n - 1) * 7;
    pin.style.left = Math.max(8, Math.min(92, x)) + '%';
    pin.style.top = Math.max(20, Math.min(92, y)) + '%';
  });
})();
