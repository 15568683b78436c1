// Script of /embeds/chat.html (a file, not inline, so that the Content-Security-Policy allows it as the site's own script).
(function () {
  'use strict';
  var log = document.getElementById('log');
  var typingLine = document.getElementById('typing');
  var statusLine = document.getElementById('status');
  var joinForm = document.getElementById('join');
  var sendForm = document.getElementById('send');
  var messageInput = document.getElementById('message');
  var me = null;
  var typers = new Map(); // nickname -> timer that clears the "is typing" hint
  var lastTypingSent = 0;
  var channel = null;
  try {
    channel = new BroadcastChannel('socket-io-chat-demo');
  } catch (error) {
    statusLine.textContent = 'This browser cannot share messages between tabs here; messages stay in this tab.';
  }

  // What socket.broadcast.emit(event, payload) would do on a server: every other tab gets it.
  function broadcast(event, payload) {
    if (channel) channel.postMessage({event: event, payload: payload});
  }

  function append(text, kind, from) {
    var item = document.createElement('li');
    if (kind) item.className = kind;
    if (from) {
      var name = document.createElement('span');
      name.className = 'from';
      name.textContent = from;
      item.appendChild(name);
    }
    item.appendChild(document.createTextNode(text));
    log.appendChild(item);
    log.scrollTop = log.scrollHeight;
  }

  function renderTyping() {
    var names = Array.from(typers.keys());
    typingLine.textContent = names.length === 0 ? '' : names.length === 1 ? names[0] + ' is typing…' : names.join(', ') + ' are typing…';
  }

  function stopTyping(nickname) {
    clearTimeout(typers.get(nickname));
    typers.delete(nickname);
    renderTyping();
  }

  var handlers = {
    'user joined': function (p) { append(p.nickname + ' joined', 'event'); },
    'user left': function (p) { stopTyping(p.nickname); append(p.nickname + ' left', 'event'); },
    'chat message': function (p) { stopTyping(p.nickname); append(p.text, '', p.nickname); },
    'typing': function (p) {
      clearTimeout(typers.get(p.nickname));
      typers.set(p.nickname, setTimeout(function () { stopTyping(p.nickname); }, 3000));
      renderTyping();
    },
    'stop typing': function (p) { stopTyping(p.nickname); }
  };

  if (channel) {
    channel.onmessage = function (message) {
      var data = message.data || {};
      if (me && handlers[data.event] && data.payload && typeof data.payload.nickname === 'string') handlers[data.event](data.payload);
    };
  }

  joinForm.addEventListener('submit', function (event) {
    event.preventDefault();
    var nickname = document.getElementById('nickname').value.trim();
    if (!nickname) return;
    me = nickname;
    joinForm.classList.add('hidden');
    sendForm.classList.remove('hidden');
    statusLine.textContent = 'Connected as ' + me;
    append('You joined as ' + me, 'event');
    broadcast('user joined', {nickname: me});
    messageInput.focus();
  });

  sendForm.addEventListener('submit', function (event) {
    event.preventDefault();
    var text = messageInput.value.trim();
    if (!text) return;
    append(text, 'mine');
    broadcast('chat message', {nickname: me, text: text});
    broadcast('stop typing', {nickname: me});
    lastTypingSent = 0;
    messageInput.value = '';
  });

  // Throttled like a real client would: one "typing" event per second at most.
  messageInput.addEventListener('input', function () {
    var now = Date.now();
    if (messageInput.value && now - lastTypingSent > 1000) {
      lastTypingSent = now;
      broadcast('typing', {nickname: me});
    } else if (!messageInput.value) {
      lastTypingSent = 0;
      broadcast('stop typing', {nickname: me});
    }
  });

  window.addEventListener('pagehide', function () {
    if (me) broadcast('user left', {nickname: me});
  });
})();
