import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BirthdayTemplate } from '@guiche/contracts';
import { fetchBirthdayTemplates, removeBirthdayTemplate, saveBirthdayTemplate } from '../api/birthday-templates-api.js';
import { settingKeys } from '../api/query-keys.js';

/** The birthday templates of the company's Cloud API connections (issue #33), saved or removed one connection at a time. */
export function useBirthdayTemplates() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingKeys.birthdayTemplates() });
  return {
    list: useQuery({ queryKey: settingKeys.birthdayTemplates(), queryFn: fetchBirthdayTemplates }),
    save: useMutation({ mutationFn: ({ whatsappId, template }: { whatsappId: number; template: BirthdayTemplate }) => saveBirthdayTemplate(whatsappId, template), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (whatsappId: number) => removeBirthdayTemplate(whatsappId), onSuccess: refresh }),
  };
}
