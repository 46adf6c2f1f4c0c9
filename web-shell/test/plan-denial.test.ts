import { describe, expect, it } from 'vitest';
import { PlanFlags } from '@guiche/contracts';
import { i18n, planDeniedMessage } from '@guiche/web-sdk';

/** Issue #32: a module the plan lacks is named, in every language; the generic text only when nothing is known. */
describe('the plan denial message', () => {
  it('names the module a 403 carries, or the page, in each language', async () => {
    await i18n.changeLanguage('pt');
    expect(planDeniedMessage('useCampaigns')).toBe('O plano desta empresa não inclui Campanhas. Estamos lhe redirecionando.');
    expect(planDeniedMessage(undefined, 'Kanban')).toBe('O plano desta empresa não inclui Kanban. Estamos lhe redirecionando.');
    await i18n.changeLanguage('en');
    expect(planDeniedMessage('useSchedules')).toBe("This company's plan does not include Schedules. Redirecting you.");
    await i18n.changeLanguage('es');
    expect(planDeniedMessage('useOpenAi')).toBe('El plan de esta empresa no incluye Prompts y OpenAI. Le estamos redirigiendo.');
    await i18n.changeLanguage('tr');
    expect(planDeniedMessage('useInternalChat')).toBe('Bu şirketin planı Dahili sohbet içermiyor. Yönlendiriliyorsunuz.');
    await i18n.changeLanguage('pt');
  });

  it('has a name for every plan flag in every language', async () => {
    for (const language of ['pt', 'en', 'es', 'tr']) {
      await i18n.changeLanguage(language);
      for (const flag of PlanFlags) {
        const message = planDeniedMessage(flag);
        expect(message, `${language} ${flag}`).not.toContain('planFeatures.');
        expect(message, `${language} ${flag}`).not.toBe(i18n.t('errors.ERR_PLAN_DISABLED'));
      }
    }
    await i18n.changeLanguage('pt');
  });

  it('falls back to the generic message for an unknown or missing feature', async () => {
    await i18n.changeLanguage('pt');
    expect(planDeniedMessage('useNothing')).toBe(i18n.t('errors.ERR_PLAN_DISABLED'));
    expect(planDeniedMessage(undefined)).toBe(i18n.t('errors.ERR_PLAN_DISABLED'));
  });
});
