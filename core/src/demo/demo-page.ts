import type { FastifyInstance } from 'fastify';
import type { CoreServices } from '../services.js';
import { demoInfo, type DemoInfo } from './seed-demo.js';

type Lang = 'pt' | 'en' | 'es' | 'tr';

const TEXTS: Record<Lang, { title: string; lead: string; steps: [string, string, string]; who: string; role: [string, string]; password: string }> = {
  pt: {
    title: 'Demonstração do Guichê',
    lead: 'Esta página é o site de uma empresa fictícia com o chat do Guichê. Converse nos dois papéis:',
    steps: [
      'Clique no botão de chat no canto inferior direito e escreva como visitante.',
      'Em outra aba, entre no Guichê com uma das contas abaixo: a conversa aparece em Atendimentos › Aguardando.',
      'Aceite o atendimento (escolha uma fila) e responda: a resposta chega aqui, ao vivo.',
    ],
    who: 'Contas de demonstração',
    role: ['administrador', 'atendente'],
    password: 'Senha',
  },
  en: {
    title: 'Guichê demo',
    lead: 'This page is a fictional company’s website with Guichê’s chat. Talk in both roles:',
    steps: [
      'Click the chat button at the bottom right and write as a visitor.',
      'In another tab, sign in to Guichê with one of the accounts below: the conversation shows up under Tickets › Waiting.',
      'Accept it (pick a queue) and answer: the answer arrives here, live.',
    ],
    who: 'Demo accounts',
    role: ['admin', 'agent'],
    password: 'Password',
  },
  es: {
    title: 'Demostración de Guichê',
    lead: 'Esta página es el sitio de una empresa ficticia con el chat de Guichê. Converse en los dos papeles:',
    steps: [
      'Haga clic en el botón de chat abajo a la derecha y escriba como visitante.',
      'En otra pestaña, entre en Guichê con una de las cuentas de abajo: la conversación aparece en Atenciones › En espera.',
      'Acéptela (elija una cola) y responda: la respuesta llega aquí, en vivo.',
    ],
    who: 'Cuentas de demostración',
    role: ['administrador', 'agente'],
    password: 'Contraseña',
  },
  tr: {
    title: 'Guichê demosu',
    lead: 'Bu sayfa, Guichê sohbetini kullanan hayali bir şirketin sitesidir. İki rolde de konuşun:',
    steps: [
      'Sağ alttaki sohbet düğmesine tıklayın ve ziyaretçi olarak yazın.',
      'Başka bir sekmede aşağıdaki hesaplardan biriyle Guichê’ye girin: konuşma Destek talepleri › Bekleyenler altında görünür.',
      'Kabul edin (bir kuyruk seçin) ve yanıtlayın: yanıt buraya canlı olarak gelir.',
    ],
    who: 'Demo hesapları',
    role: ['yönetici', 'temsilci'],
    password: 'Şifre',
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The first of pt/en/es/tr the browser accepts; Portuguese otherwise. */
export function pickLanguage(acceptLanguage: string | undefined): Lang {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (code in TEXTS) return code as Lang;
  }
  return 'pt';
}

export function renderDemoPage(info: DemoInfo, lang: Lang, apiBase: string): string {
  const t = TEXTS[lang];
  const accounts = [
    [info.adminEmail, t.role[0]],
    ...info.agents.map((email) => [email, t.role[1]]),
  ]
    .map(([email, role]) => `<tr><td><code>${escape(email!)}</code></td><td>${escape(role!)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t.title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:720px;margin:40px auto;padding:0 20px;color:#1f2328;line-height:1.5}
h1{font-size:28px}ol li{margin:6px 0}table{border-collapse:collapse;margin-top:8px}td{padding:6px 12px;border-bottom:1px solid #e1e4e8}
code{background:#f6f8fa;padding:2px 6px;border-radius:4px}a.login{display:inline-block;margin-top:16px;background:#1f6feb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none}
</style>
</head>
<body>
<h1>${escape(t.title)}</h1>
<p>${escape(t.lead)}</p>
<ol>${t.steps.map((s) => `<li>${escape(s)}</li>`).join('')}</ol>
<h2>${escape(t.who)}</h2>
<table data-testid="demo-accounts">${accounts}</table>
<p>${escape(t.password)}: <code>${escape(info.password)}</code></p>
<a class="login" href="/login" target="_blank" rel="noopener">/login</a>
<script src="${escape(apiBase)}/webchat/widget.js" data-token="${escape(info.token)}" data-lang="${lang}"></script>
</body>
</html>`;
}

/**
 * GET /demo at the site root (not under the API base): the demo company's page with the widget
 * bound to its webchat connection. The integrator registers it only when the demo is on; a demo
 * removed since answers 404.
 */
export function registerDemoPage(app: FastifyInstance, core: CoreServices): void {
  app.get('/demo', { schema: { hide: true } }, async (request, reply) => {
    const info = await demoInfo(core);
    if (!info) return reply.code(404).send({ error: 'ERR_NOT_FOUND' });
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderDemoPage(info, pickLanguage(request.headers['accept-language']), core.config.API_BASE));
  });
}
