/*
 * Guichê website chat widget. Embed with:
 *   <script src="https://your-guiche/api/webchat/widget.js" data-token="SITE_KEY" async></script>
 * data-token is the connection's public site key (not a secret: it opens only the widget's routes).
 * Optional attributes: data-lang (pt|en|es|tr), data-title, data-color (#rrggbb), data-position (right|left).
 * Self-contained: no framework; its styles live in a shadow root so the site's CSS cannot reach it.
 */
/* global window, document, location */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || window.__guicheWebchat) return;
  window.__guicheWebchat = true;

  var token = script.getAttribute('data-token') || '';
  var src = new URL(script.src, location.href);
  var origin = src.origin;
  var api = origin + src.pathname.replace(/\/webchat\/widget\.js$/, '');
  var attr = function (name) { return script.getAttribute('data-' + name) || ''; };

  // The connection's site settings (title, colour, position, language) apply unless the script's
  // data-* attributes say otherwise; a site the connection does not allow gets no widget at all.
  fetch(api + '/webchat/' + encodeURIComponent(token) + '/site')
    .then(function (res) {
      if (res.ok) return res.json();
      return res.json().catch(function () { return {}; }).then(function (body) { throw body; });
    })
    .then(boot, function (err) {
      if (err && err.error === 'ERR_ORIGIN_NOT_ALLOWED') { console.warn('Guichê webchat: this site is not in the connection\'s allowed sites'); return; }
      boot({});
    });

  function boot(look) {
  var colorWanted = attr('color') || look.color || '';
  var color = /^#[0-9a-f]{6}$/i.test(colorWanted) ? colorWanted : '#1f6feb';
  var side = (attr('position') || look.position) === 'left' ? 'left' : 'right';

  var TEXTS = {
    pt: { title: 'Fale conosco', intro: 'Olá! Deixe seus dados (opcional) e comece a conversa.', name: 'Nome', email: 'E-mail', phone: 'Telefone', start: 'Iniciar conversa', placeholder: 'Escreva uma mensagem…', send: 'Enviar', attach: 'Anexar arquivo', open: 'Abrir chat', close: 'Fechar', online: 'Online', offline: 'Reconectando…', unavailable: 'Chat indisponível no momento.', older: 'Mensagens anteriores', failed: 'Não enviada — toque para tentar de novo', tooLarge: 'Arquivo grande demais.', fileType: 'Tipo de arquivo não permitido.', rateLimited: 'Muitas mensagens; aguarde um instante.', deleted: 'Mensagem apagada', empty: 'Envie a primeira mensagem.', closed: 'Atendimento encerrado. Escreva para iniciar um novo.', idle: 'Comece quando quiser', typing: 'digitando…' },
    en: { title: 'Chat with us', intro: 'Hi! Leave your details (optional) and start the conversation.', name: 'Name', email: 'E-mail', phone: 'Phone', start: 'Start chat', placeholder: 'Write a message…', send: 'Send', attach: 'Attach a file', open: 'Open chat', close: 'Close', online: 'Online', offline: 'Reconnecting…', unavailable: 'Chat unavailable right now.', older: 'Earlier messages', failed: 'Not sent — tap to retry', tooLarge: 'File too large.', fileType: 'File type not allowed.', rateLimited: 'Too many messages; wait a moment.', deleted: 'Message deleted', empty: 'Send the first message.', closed: 'This conversation was closed. Write to start a new one.', idle: 'Start whenever you like', typing: 'typing…' },
    es: { title: 'Hable con nosotros', intro: '¡Hola! Deje sus datos (opcional) e inicie la conversación.', name: 'Nombre', email: 'Correo', phone: 'Teléfono', start: 'Iniciar chat', placeholder: 'Escriba un mensaje…', send: 'Enviar', attach: 'Adjuntar archivo', open: 'Abrir chat', close: 'Cerrar', online: 'En línea', offline: 'Reconectando…', unavailable: 'Chat no disponible ahora.', older: 'Mensajes anteriores', failed: 'No enviado — toque para reintentar', tooLarge: 'Archivo demasiado grande.', fileType: 'Tipo de archivo no permitido.', rateLimited: 'Demasiados mensajes; espere un momento.', deleted: 'Mensaje eliminado', empty: 'Envíe el primer mensaje.', closed: 'Esta conversación fue cerrada. Escriba para iniciar una nueva.', idle: 'Empiece cuando quiera', typing: 'escribiendo…' },
    tr: { title: 'Bize yazın', intro: 'Merhaba! Bilgilerinizi bırakın (isteğe bağlı) ve sohbete başlayın.', name: 'Ad', email: 'E-posta', phone: 'Telefon', start: 'Sohbeti başlat', placeholder: 'Bir mesaj yazın…', send: 'Gönder', attach: 'Dosya ekle', open: 'Sohbeti aç', close: 'Kapat', online: 'Çevrimiçi', offline: 'Yeniden bağlanıyor…', unavailable: 'Sohbet şu anda kullanılamıyor.', older: 'Önceki mesajlar', failed: 'Gönderilmedi — yeniden denemek için dokunun', tooLarge: 'Dosya çok büyük.', fileType: 'Bu dosya türüne izin verilmiyor.', rateLimited: 'Çok fazla mesaj; biraz bekleyin.', deleted: 'Mesaj silindi', empty: 'İlk mesajı gönderin.', closed: 'Bu görüşme kapatıldı. Yeni bir görüşme için yazın.', idle: 'İstediğiniz zaman başlayın', typing: 'yazıyor…' },
  };
  var lang = (attr('lang') || look.lang || navigator.language || 'pt').slice(0, 2).toLowerCase();
  if (!TEXTS[lang]) lang = 'pt';
  var t = TEXTS[lang];
  var title = attr('title') || look.title || '';

  // --- visitor identity, kept in this browser -------------------------------------------------
  var KEY = 'guiche-webchat:' + token + ':';
  function load(name, fallback) {
    try { var v = localStorage.getItem(KEY + name); return v ? JSON.parse(v) : fallback; } catch { return fallback; }
  }
  function save(name, value) {
    try { localStorage.setItem(KEY + name, JSON.stringify(value)); } catch { /* private mode: this tab only */ }
  }
  function randomId(bytes) {
    var a = new Uint8Array(bytes);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  var visitorId = load('visitor', null);
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(visitorId || '')) { visitorId = randomId(16); save('visitor', visitorId); }
  var profile = load('profile', null);

  // --- DOM ------------------------------------------------------------------------------------
  var host = document.createElement('div');
  host.setAttribute('data-guiche-webchat', '');
  var root = host.attachShadow({ mode: 'open' });
  var css =
    ':host{all:initial}*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
    '.launcher{position:fixed;bottom:20px;' + side + ':20px;width:56px;height:56px;border-radius:50%;border:0;background:' + color + ';color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483646;display:flex;align-items:center;justify-content:center}' +
    '.launcher svg{width:28px;height:28px;fill:currentColor}.badge{position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;border-radius:10px;background:#d93025;color:#fff;font-size:12px;line-height:20px;padding:0 5px;text-align:center}' +
    '.panel{position:fixed;bottom:88px;' + side + ':20px;width:360px;max-width:calc(100vw - 40px);height:520px;max-height:calc(100vh - 110px);background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.25);display:flex;flex-direction:column;overflow:hidden;z-index:2147483647;color:#1f2328;font-size:14px}' +
    '.hidden{display:none!important}.head{background:' + color + ';color:#fff;padding:12px 14px;display:flex;align-items:center;gap:8px}.head b{flex:1;font-size:15px}' +
    '.dot{width:8px;height:8px;border-radius:50%;background:#9aa0a6}.dot.on{background:#3fb950}.status{font-size:12px;opacity:.9}' +
    '.x{background:none;border:0;color:#fff;font-size:20px;cursor:pointer;line-height:1}' +
    '.list{flex:1;overflow-y:auto;padding:12px;background:#f6f8fa;display:flex;flex-direction:column;gap:6px}' +
    '.msg{max-width:80%;padding:8px 10px;border-radius:10px;white-space:pre-wrap;word-wrap:break-word;background:#fff;border:1px solid #e1e4e8;align-self:flex-start}' +
    '.msg.mine{align-self:flex-end;background:' + color + ';color:#fff;border-color:transparent}.msg.failed{opacity:.7;cursor:pointer}' +
    '.msg img,.msg video{max-width:100%;border-radius:6px;display:block}.msg audio{max-width:100%}.msg a{color:inherit}' +
    '.meta{font-size:11px;opacity:.75;margin-top:3px;text-align:right}.note{text-align:center;color:#57606a;font-size:12px;padding:8px}' +
    '.older{align-self:center;background:none;border:1px solid #d0d7de;border-radius:12px;padding:3px 10px;cursor:pointer;font-size:12px}' +
    '.foot{display:flex;gap:6px;padding:8px;border-top:1px solid #e1e4e8;align-items:flex-end}' +
    '.foot textarea{flex:1;resize:none;border:1px solid #d0d7de;border-radius:8px;padding:8px;font-size:14px;max-height:96px;min-height:38px}' +
    '.icon{background:none;border:0;cursor:pointer;padding:8px;color:#57606a;font-size:18px}.send{background:' + color + ';color:#fff;border:0;border-radius:8px;padding:9px 12px;cursor:pointer}' +
    '.form{padding:16px;display:flex;flex-direction:column;gap:10px;flex:1;overflow:auto}.form input{border:1px solid #d0d7de;border-radius:8px;padding:9px;font-size:14px}' +
    '.closed{text-align:center;color:#57606a;font-size:12px;padding:8px 10px;background:#eef1f4;border-top:1px solid #e1e4e8}.icon svg{width:18px;height:18px;fill:currentColor;display:block}' +
    '.form button{background:' + color + ';color:#fff;border:0;border-radius:8px;padding:10px;cursor:pointer;font-size:14px}.error{color:#d93025;font-size:12px;padding:0 12px 6px}';
  root.innerHTML =
    '<style>' + css + '</style>' +
    '<button class="launcher" part="launcher" data-testid="webchat-launcher"><svg viewBox="0 0 24 24"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg><span class="badge hidden" data-testid="webchat-unread"></span></button>' +
    '<div class="panel hidden" data-testid="webchat-panel" role="dialog">' +
    '<div class="head"><span class="dot"></span><b></b><span class="status" data-testid="webchat-status"></span><button class="x" data-testid="webchat-close">×</button></div>' +
    '<form class="form hidden" data-testid="webchat-form"><p></p><input name="name" maxlength="80" autocomplete="name"><input name="email" type="email" maxlength="120" autocomplete="email"><input name="phone" type="tel" maxlength="30" autocomplete="tel"><button type="submit"></button></form>' +
    '<div class="list" data-testid="webchat-messages" aria-live="polite"></div>' +
    '<div class="error hidden" data-testid="webchat-error"></div>' +
    '<div class="closed hidden" data-testid="webchat-closed" role="status"></div>' +
    '<div class="foot"><button class="icon" data-testid="webchat-attach"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z"/></svg></button><input type="file" class="hidden" data-testid="webchat-file">' +
    '<textarea rows="1" data-testid="webchat-input"></textarea><button class="send" data-testid="webchat-send"></button></div></div>';
  function $(sel) { return root.querySelector(sel); }
  var launcher = $('.launcher'), badge = $('.badge'), panel = $('.panel'), list = $('.list'), form = $('.form');
  var field = function (name) { return form.querySelector('input[name=' + name + ']'); };
  var input = $('textarea'), fileInput = $('input[type=file]'), errorBox = $('.error'), statusText = $('.status'), dot = $('.dot');
  $('.head b').textContent = title || t.title;
  launcher.setAttribute('aria-label', t.open);
  $('.x').setAttribute('aria-label', t.close);
  form.querySelector('p').textContent = t.intro;
  field('name').placeholder = t.name;
  field('email').placeholder = t.email;
  field('phone').placeholder = t.phone;
  form.querySelector('button').textContent = t.start;
  input.placeholder = t.placeholder;
  $('.send').textContent = t.send;
  $('.icon').title = t.attach;
  $('.icon').setAttribute('aria-label', t.attach);
  $('.closed').textContent = t.closed;
  // A script in <head> runs before <body> exists.
  if (document.body) document.body.appendChild(host);
  else document.addEventListener('DOMContentLoaded', function () { document.body.appendChild(host); });

  // --- state ----------------------------------------------------------------------------------
  var messages = []; // WebchatMessage + { clientId, state: 'pending'|'failed' } for the visitor's unsent ones
  var hasMore = false, olderLoaded = false, unread = 0, socket = null, online = false, unavailable = false, closed = false;
  // The company shows "typing…" (a bot's delay, through the connection's queue): until its message, 'paused' or a minute.
  var companyTyping = false, companyTypingTimer = null;
  function setCompanyTyping(on) {
    companyTyping = on;
    if (companyTypingTimer) clearTimeout(companyTypingTimer);
    companyTypingTimer = on ? setTimeout(function () { setCompanyTyping(false); }, 60000) : null;
    setStatus();
  }
  var delivered = {}, readSent = {};
  // Visitor wids the agent read. The receipt can overtake the send's own ack and echo (the agent reads
  // as soon as the message is stored): it is kept here and applied when the final wid arrives.
  var readByAgent = {};

  function isOpen() { return !panel.classList.contains('hidden'); }
  function showError(text) {
    errorBox.textContent = text || '';
    errorBox.classList.toggle('hidden', !text);
  }
  function setStatus() {
    dot.classList.toggle('on', online);
    // Before the visitor starts there is no connection to lose: no 'Reconnecting…' yet.
    statusText.textContent = unavailable ? t.unavailable : online ? (companyTyping ? t.typing : t.online) : socket ? t.offline : t.idle;
  }
  /** The conversation was resolved: said below the messages until the visitor writes again (or an agent reopens it). */
  function setClosed(value) {
    closed = value;
    $('.closed').classList.toggle('hidden', !closed);
  }
  function time(iso) {
    var d = new Date(iso);
    return ('0' + d.getHours()).slice(-2) + ':' + ('0' + d.getMinutes()).slice(-2);
  }
  function mediaUrl(url) { return /^https?:/.test(url) ? url : origin + url; }

  /** WhatsApp-style *bold* and _italic_ (agents' signatures use them), built as nodes, never as HTML. */
  function formatted(parent, text) {
    text.split(/(\*[^*\n]+\*|_[^_\n]+_)/).forEach(function (part) {
      var tag = /^\*.+\*$/.test(part) ? 'strong' : /^_.+_$/.test(part) ? 'em' : null;
      var node = tag ? document.createElement(tag) : document.createTextNode(part);
      if (tag) node.textContent = part.slice(1, -1);
      parent.appendChild(node);
    });
  }

  function bubble(m) {
    var el = document.createElement('div');
    el.className = 'msg' + (m.fromVisitor ? ' mine' : '') + (m.state === 'failed' ? ' failed' : '');
    el.setAttribute('data-testid', 'webchat-message');
    el.setAttribute('data-wid', m.wid || '');
    el.setAttribute('data-from', m.fromVisitor ? 'visitor' : 'agent');
    if (m.isDeleted) {
      el.appendChild(document.createTextNode(t.deleted));
    } else {
      if (m.mediaUrl) {
        var url = mediaUrl(m.mediaUrl), media;
        if (m.mediaType === 'image') {
          media = document.createElement('img');
          media.src = url;
          media.alt = m.mediaName || '';
          // Its height is known only once loaded: keep the newest message in view.
          media.addEventListener('load', function () { if (list.scrollHeight - list.scrollTop - list.clientHeight < media.clientHeight + 60) list.scrollTop = list.scrollHeight; }, { once: true });
        }
        else if (m.mediaType === 'audio' || m.mediaType === 'video') {
          media = document.createElement(m.mediaType);
          media.src = url;
          media.controls = true;
          if (!m.fromVisitor && m.mediaType === 'audio') media.addEventListener('play', function () { if (socket && online) socket.emit('played', { wids: [m.wid] }); }, { once: true });
        }
        else { media = document.createElement('a'); media.href = url; media.target = '_blank'; media.rel = 'noopener'; media.textContent = '📄 ' + (m.mediaName || 'file'); }
        el.appendChild(media);
      }
      var caption = m.mediaUrl && m.body === m.mediaName ? '' : m.body;
      if (caption) { var body = document.createElement('div'); body.className = 'body'; formatted(body, caption); el.appendChild(body); }
    }
    var meta = document.createElement('div');
    meta.className = 'meta';
    meta.setAttribute('data-testid', 'webchat-meta');
    var mark = !m.fromVisitor ? '' : m.state === 'pending' ? ' 🕓' : m.state === 'failed' ? ' ⚠' : m.read ? ' ✓✓' : ' ✓';
    meta.textContent = (m.state === 'failed' ? t.failed + ' ' : '') + time(m.createdAt) + mark;
    if (m.read) el.setAttribute('data-read', 'true');
    el.appendChild(meta);
    if (m.state === 'failed') el.onclick = function () { retry(m); };
    return el;
  }

  function render() {
    var atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.textContent = '';
    if (hasMore) {
      var older = document.createElement('button');
      older.className = 'older';
      older.textContent = t.older;
      older.onclick = function () { fetchHistory(messages.length && messages[0].id); };
      list.appendChild(older);
    }
    if (!messages.length) {
      var note = document.createElement('div');
      note.className = 'note';
      note.textContent = t.empty;
      list.appendChild(note);
    }
    messages.forEach(function (m) { list.appendChild(bubble(m)); });
    if (atBottom || isOpen()) list.scrollTop = list.scrollHeight;
    badge.textContent = String(unread);
    badge.classList.toggle('hidden', unread === 0 || isOpen());
  }

  /** Adds or replaces by wid, or a pending message by its client id (a resent or echoed message appears once). */
  function upsert(m) {
    for (var i = 0; i < messages.length; i++) {
      var old = messages[i];
      var same = old.wid === m.wid || (old.clientId && m.fromVisitor && m.wid.slice(-old.clientId.length - 1) === '-' + old.clientId);
      if (same) { messages[i] = Object.assign({}, old, m, { state: undefined, file: undefined, read: Boolean(m.read || old.read || readByAgent[m.wid]) }); return false; }
    }
    if (readByAgent[m.wid]) m.read = true;
    messages.push(m);
    messages.sort(function (a, b) { return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0; });
    return true;
  }

  function acknowledge() {
    if (!socket || !online) return;
    var toDeliver = [], toRead = [];
    messages.forEach(function (m) {
      if (m.fromVisitor || !m.wid) return;
      if (!delivered[m.wid]) { delivered[m.wid] = true; toDeliver.push(m.wid); }
      if (isOpen() && document.visibilityState === 'visible' && !readSent[m.wid]) { readSent[m.wid] = true; toRead.push(m.wid); }
    });
    if (toDeliver.length) socket.emit('delivered', { wids: toDeliver });
    if (toRead.length) { socket.emit('read', { wids: toRead }); unread = 0; }
  }

  // --- server ---------------------------------------------------------------------------------
  function fetchHistory(beforeId) {
    var url = api + '/webchat/' + encodeURIComponent(token) + '/messages?visitorId=' + encodeURIComponent(visitorId) + (beforeId ? '&beforeId=' + beforeId : '');
    return fetch(url).then(function (res) {
      if (res.status === 404) { unavailable = true; setStatus(); return; }
      return res.json().then(function (page) {
        if (!title && page.connection && page.connection.name) $('.head b').textContent = page.connection.name;
        page.messages.forEach(upsert);
        if (!beforeId) setClosed(Boolean(page.closed));
        if (beforeId || !olderLoaded) hasMore = page.hasMore;
        if (beforeId) olderLoaded = true;
        render();
        acknowledge();
      });
    }).catch(function () { /* offline: the socket's reconnect fetches again */ });
  }

  function handshake() {
    var auth = { token: token, visitorId: visitorId, lang: lang };
    if (profile) ['name', 'email', 'phone'].forEach(function (k) { if (profile[k]) auth[k] = profile[k]; });
    return auth;
  }

  function connect() {
    if (socket || typeof window.io !== 'function') return;
    socket = window.io(origin + '/webchat', { auth: handshake(), transports: ['websocket', 'polling'] });
    socket.on('connect', function () {
      online = true;
      unavailable = false;
      setStatus();
      fetchHistory().then(flushOutbox);
    });
    socket.on('disconnect', function (reason) {
      online = false;
      setStatus();
      // The server ended it (connection logged out or removed): try again later, not in a loop.
      if (reason === 'io server disconnect') setTimeout(function () { if (socket) socket.connect(); }, 30000);
    });
    socket.on('connect_error', function (err) {
      online = false;
      unavailable = err && (err.message === 'ERR_NO_WAPP_FOUND' || err.message === 'ERR_VALIDATION');
      setStatus();
      if (unavailable) setTimeout(function () { socket.connect(); }, 30000);
    });
    socket.on('typing', function (payload) { setCompanyTyping(Boolean(payload && payload.state === 'composing')); });
    socket.on('message', function (m) {
      if (!m.fromVisitor && companyTyping) setCompanyTyping(false);
      var added = upsert(m);
      if (added && !m.fromVisitor && !(isOpen() && document.visibilityState === 'visible')) unread += 1;
      render();
      acknowledge();
    });
    socket.on('closed', function () { setClosed(true); });
    socket.on('opened', function () { setClosed(false); });
    socket.on('read', function (payload) {
      var wids = (payload && payload.wids) || [];
      wids.forEach(function (wid) { readByAgent[wid] = true; });
      messages.forEach(function (m) { if (m.fromVisitor && readByAgent[m.wid]) m.read = true; });
      render();
    });
  }

  function loadClient() {
    if (typeof window.io === 'function') return connect();
    var s = document.createElement('script');
    s.src = origin + '/socket.io/socket.io.js';
    s.onload = connect;
    document.head.appendChild(s);
  }

  function emitMessage(m) {
    socket.timeout(15000).emit('message', { clientId: m.clientId, body: m.body }, function (err, answer) {
      if (err) return; // no answer (dropped): stays pending, resent with the same id on reconnect
      if (answer && answer.message) { upsert(answer.message); showError(''); }
      else {
        m.state = 'failed';
        showError(answer && answer.error === 'ERR_RATE_LIMITED' ? t.rateLimited : '');
      }
      render();
    });
  }

  function flushOutbox() {
    messages.forEach(function (m) { if (m.state === 'pending' && !m.file) emitMessage(m); });
  }

  function retry(m) {
    m.state = 'pending';
    render();
    if (m.file) upload(m); else if (online) emitMessage(m);
  }

  function sendText() {
    var body = input.value.trim();
    if (!body) return;
    input.value = '';
    stopTyping();
    setClosed(false);
    var clientId = randomId(12);
    var m = { wid: 'in-pending-' + clientId, clientId: clientId, fromVisitor: true, body: body, mediaType: 'chat', mediaUrl: null, mediaName: null, createdAt: new Date().toISOString(), state: 'pending' };
    messages.push(m);
    render();
    if (online) emitMessage(m);
  }

  function upload(m) {
    var data = new FormData();
    var fields = handshake();
    delete fields.token;
    Object.keys(fields).forEach(function (k) { data.append(k, fields[k]); });
    data.append('clientId', m.clientId);
    data.append('file', m.file, m.file.name);
    fetch(api + '/webchat/' + encodeURIComponent(token) + '/messages', { method: 'POST', body: data })
      .then(function (res) {
        return res.json().then(function (answer) {
          if (res.ok && answer.message) {
            upsert(answer.message);
            showError('');
          } else {
            m.state = 'failed';
            showError(res.status === 413 ? t.tooLarge : res.status === 429 ? t.rateLimited : answer.error === 'ERR_VALIDATION' ? t.fileType : '');
          }
          render();
        });
      })
      .catch(function () { m.state = 'failed'; render(); });
  }

  function sendFile(file) {
    setClosed(false);
    var clientId = randomId(12);
    var m = { wid: 'in-pending-' + clientId, clientId: clientId, file: file, fromVisitor: true, body: file.name, mediaType: 'document', mediaUrl: null, mediaName: file.name, createdAt: new Date().toISOString(), state: 'pending' };
    messages.push(m);
    render();
    upload(m);
  }

  var typingTimer = null;
  function stopTyping() {
    if (!typingTimer) return;
    clearTimeout(typingTimer);
    typingTimer = null;
    if (socket && online) socket.emit('typing', { state: 'paused' });
  }
  function typing() {
    if (!socket || !online) return;
    if (!typingTimer) socket.emit('typing', { state: 'composing' });
    else clearTimeout(typingTimer);
    typingTimer = setTimeout(stopTyping, 3000);
  }

  // --- UI wiring ------------------------------------------------------------------------------
  function showChatOrForm() {
    var started = !!profile;
    form.classList.toggle('hidden', started);
    list.classList.toggle('hidden', !started);
    $('.foot').classList.toggle('hidden', !started);
    if (started) { loadClient(); input.focus(); }
    else field('name').focus();
  }
  launcher.onclick = function () {
    panel.classList.toggle('hidden');
    if (isOpen()) { unread = 0; showChatOrForm(); acknowledge(); }
    render();
  };
  $('.x').onclick = function () { panel.classList.add('hidden'); render(); };
  form.onsubmit = function (e) {
    e.preventDefault();
    profile = { name: field('name').value.trim(), email: field('email').value.trim(), phone: field('phone').value.trim() };
    save('profile', profile);
    showChatOrForm();
  };
  input.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) { e.preventDefault(); sendText(); }
  });
  input.addEventListener('input', typing);
  $('.send').onclick = sendText;
  $('.icon').onclick = function () { fileInput.click(); };
  fileInput.onchange = function () {
    if (fileInput.files && fileInput.files[0]) sendFile(fileInput.files[0]);
    fileInput.value = '';
  };
  document.addEventListener('visibilitychange', acknowledge);

  setStatus();
  render();
  // A returning visitor reconnects at once, so agent replies are counted on the launcher.
  if (profile) loadClient();
  }
})();
