import { useSession } from '@guiche/web-sdk';

/** Chart colours that read on the user's theme (defaultTheme light or dark). */
export function useChartTheme() {
  const dark = useSession().user?.defaultTheme === 'dark';
  return dark
    ? { text: '#D3D8DE', grid: '#404854', bar: '#4C90F0', tooltipBg: '#252A31', tooltipBorder: '#404854', good: '#32A467', neutral: '#FBB360', bad: '#E76A6E' }
    : { text: '#404854', grid: '#DCE0E5', bar: '#2D72D2', tooltipBg: '#FFFFFF', tooltipBorder: '#C5CBD3', good: '#238551', neutral: '#C87619', bad: '#CD4246' };
}
