/** react-query keys of the settings page; all start with 'settings'. */
export const settingKeys = {
  all: ['settings'] as const,
  list: () => ['settings', 'list'] as const,
  one: (column: string) => ['settings', 'one', column] as const,
  birthdayTemplates: () => ['settings', 'birthdayTemplates'] as const,
  companySchedules: (companyId: number) => ['settings', 'companySchedules', companyId] as const,
};
