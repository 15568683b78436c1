// Script of /embeds/whiteboard.html (a file, not inline, so that the Content-Security-Policy allows it as the site's own script).
(function () {
  'use strict';
  var canvas = document.getElementById('board');
  var context = canvas.getContext('2d');
  var statusLine = document.getElementById('status');
  var sizeInput = document.getElementById('size');
  var swatches = Array.prototype.slice.call(document.querySelectorAll('.swatch'));
  var pen = {color: '#1c1e21'};
  // Every segment drawn so far, in coordinates relative to the board (0..1), so that tabs of
  // different sizes draw at the same place and a resize can redraw everything.
  var segments = [];
  var MAX_SEGMENTS = 20000;
  var hasHistory = false;
  var channel = null;
  try {
    channel = new BroadcastChannel('socket-io-whiteboard-demo');
  } catch (error) {
    statusLine.textContent = 'This browser cannot share drawings between tabs here; the drawing stays in this tab.';
  }

  // What socket.broadcast.emit(event, payload) would do on a server: every other tab gets it.
  function broadcast(event, payload) {
    if (channel) channel.postMessage({event: event, payload: payload});
  }

  function drawSegment(s) {
    var w = canvas.clientWidth;
    var h = canvas.clientHeight;
    context.strokeStyle = s.color;
    context.lineWidth = s.width;
    context.lineCap = 'round';
    context.beginPath();
    context.moveTo(s.x0 * w, s.y0 * h);
    context.lineTo(s.x1 * w, s.y1 * h);
    context.stroke();
  }

  function remember(s) {
    segments.push(s);
    if (segments.length > MAX_SEGMENTS) segments.splice(0, segments.length - MAX_SEGMENTS);
  }

  function resize() {
    var ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(canvas.clientWidth * ratio);
    canvas.height = Math.round(canvas.clientHeight * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    segments.forEach(drawSegment);
  }

  function isSegment(s) {
    return s && ['x0', 'y0', 'x1', 'y1', 'width'].every(function (k) { return typeof s[k] === 'number' && isFinite(s[k]); }) &&
      typeof s.color === 'string' && /^#[0-9a-f]{6}$/i.test(s.color);
  }

  var handlers = {
    'drawing': function (s) {
      if (!isSegment(s)) return;
      remember(s);
      drawSegment(s);
    },
    'clear': function () {
      segments = [];
      context.clearRect(0, 0, canvas.width, canvas.height);
      statusLine.textContent = 'Another tab cleared the board.';
    },
    // A new tab asks for the drawing so far, like a server would send its state on "connection".
    'sync request': function () {
      if (segments.length) broadcast('sync', segments);
    },
    'sync': function (list) {
      if (hasHistory || !Array.isArray(list)) return;
      hasHistory = true;
      list.filter(isSegment).forEach(function (s) { remember(s); drawSegment(s); });
    }
  };

  if (channel) {
    channel.onmessage = function (message) {
      var data = message.data || {};
      if (Object.prototype.hasOwnProperty.call(handlers, data.event)) handlers[data.event](data.payload);
    };
  }

  // Pointer handling: one segment per move, sent at most every 10 ms to keep the channel quiet.
  var drawing = false;
  var last = null;
  var lastSent = 0;

  function position(event) {
    var rect = canvas.getBoundingClientRect();
    return {x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height};
  }

  canvas.addEventListener('pointerdown', function (event) {
    drawing = true;
    hasHistory = true; // drawing first means we no longer wait for another tab's history
    last = position(event);
    canvas.setPointerCapture(event.pointerId);
  });

  canvas.addEventListener('pointermove', function (event) {
    if (!drawing) return;
    var now = Date.now();
    if (now - lastSent < 10) return;
    lastSent = now;
    var point = position(event);
    var s = {x0: last.x, y0: last.y, x1: point.x, y1: point.y, color: pen.color, width: Number(sizeInput.value) * (pen.color === '#fdfdfb' ? 4 : 1)};
    remember(s);
    drawSegment(s);
    broadcast('drawing', s);
    last = point;
  });

  function stop() { drawing = false; last = null; }
  canvas.addEventListener('pointerup', stop);
  canvas.addEventListener('pointercancel', stop);

  swatches.forEach(function (swatch) {
    swatch.addEventListener('click', function () {
      pen.color = swatch.getAttribute('data-color');
      swatches.forEach(function (other) { other.setAttribute('aria-pressed', String(other === swatch)); });
    });
  });

  document.getElementById('clear').addEventListener('click', function () {
    segments = [];
    context.clearRect(0, 0, canvas.width, canvas.height);
    broadcast('clear', null);
    statusLine.textContent = 'You cleared the board for every tab.';
  });

  window.addEventListener('resize', resize);
  resize();
  broadcast('sync request', null);
})();
