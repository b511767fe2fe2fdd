// The gallery: a member's photo opens enlarged in a dialog (Escape or the
// button closes it and gives the focus back to the photo).
(function () {
  var dialog = document.querySelector('[data-testid="gallery-dialog"]');
  if (!dialog || typeof dialog.showModal !== 'function') return;
  var img = dialog.querySelector('img');
  var name = dialog.querySelector('#big-name');
  document.querySelector('[data-testid="gallery"]').addEventListener('click', function (e) {
    var b = e.target.closest('.zoom');
    if (!b) return;
    var small = b.querySelector('img');
    var srcset = small.getAttribute('srcset') || '';
    var largest = srcset.split(',').pop().trim().split(' ')[0];
    img.src = largest || small.currentSrc || small.src;
    name.textContent = b.parentNode.querySelector('h3').textContent;
    dialog.showModal();
  });
})();
