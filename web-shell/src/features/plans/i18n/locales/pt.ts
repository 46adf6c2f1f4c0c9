import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the Settings → Plans tab. */
export const pt = {
  loading: "Carregando planos...",
  loadError: "Não foi possível carregar a lista de registros",
  done: "Operação realizada com sucesso!",
  saveError: "Não foi possível realizar a operação. Verifique se já existe um plano com o mesmo nome ou se os campos foram preenchidos corretamente",
  add: "Adicionar",
  update: "Atualizar",
  cancel: "Cancelar",
  edit: "Editar",
  delete: "Excluir",
  yes: "Sim",
  no: "Não",
  form: {
    name: "Nome",
    users: "Usuários",
    connections: "Conexões",
    queues: "Filas",
    amount: "Valor",
    isPublic: "Público",
    flags: "Recursos",
    nameRequired: "Nome é obrigatório",
    number: "Informe um número inteiro.",
    amountInvalid: "Informe um valor válido, ex.: 99,90.",
  },
  table: {
    label: "Lista de planos",
    modules: "Recursos",
    actions: "Ações",
    rowActions: "Ações do plano {{name}}",
  },
  flags: {
    useWhatsapp: "WhatsApp",
    useFacebook: "Facebook",
    useInstagram: "Instagram",
    useTelegram: "Telegram",
    useFlowBuilder: "Construtor de fluxos",
    useCampaigns: "Campanhas",
    useSchedules: "Agendamentos",
    useInternalChat: "Chat interno",
    useExternalApi: "API externa",
    useKanban: "Kanban",
    useOpenAi: "OpenAI",
    useIntegrations: "Integrações",
  },
};

export type PlansLocale = Shape<typeof pt>;
