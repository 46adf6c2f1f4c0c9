import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the on-call page (plantão). */
export const pt = {
  title: 'Plantão',
  add: 'Adicionar plantonista',
  empty: 'Nenhum plantonista cadastrado.',
  table: { id: 'ID', user: 'Plantonista', phone: 'Telefone', schedules: 'Horários', actions: 'Ações', edit: 'Editar', delete: 'Excluir' },
  dialog: {
    newTitle: 'Novo plantonista',
    editTitle: 'Editar plantonista',
    user: 'Usuário',
    chooseUser: 'Selecione o usuário',
    phone: 'Telefone',
    interval: 'Intervalo entre notificações (minutos)',
    days: 'Dias e horários',
    start: 'Início',
    end: 'Fim',
    save: 'Salvar',
    cancel: 'Cancelar',
    saved: 'Plantonista salvo com sucesso',
    pageSlaBreaches: 'Avisar o plantonista quando um ticket estourar o SLA',
    pageSlaBreachesHelp: 'Além dos tickets aguardando, envia um alerta a este telefone quando um ticket passa do prazo de primeira resposta ou de resolução, dentro do horário do plantão.',
  },
  remove: {
    title: 'Excluir plantonista',
    confirm: 'Deseja realmente excluir este plantonista?',
    done: 'Plantão removido com sucesso',
  },
  weekdays: { monday: 'Segunda-feira', tuesday: 'Terça-feira', wednesday: 'Quarta-feira', thursday: 'Quinta-feira', friday: 'Sexta-feira', saturday: 'Sábado', sunday: 'Domingo' },
  slaTag: 'SLA',
  lastError: 'Último aviso não enviado: {{reason}}',
  template: {
    explain: 'A conexão dos avisos usa a API oficial do WhatsApp (Cloud API): a Meta só aceita texto livre até 24 horas depois da última mensagem do plantonista. Fora dessa janela o aviso vai como este modelo aprovado.',
    none: 'Selecione um modelo',
    required: 'Escolha um modelo: a Meta recusa texto livre fora da janela de 24 horas.',
    fields: 'As variáveis podem usar os dados do aviso: {{fields}}',
  },
  range: '{{day}}: {{start}} às {{end}}',
};
export type OnCallLocale = Shape<typeof pt>;
