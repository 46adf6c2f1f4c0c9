import { useQuery } from '@tanstack/react-query';
import { fetchHelps, helpKeys } from '../api/helps-api.js';

export function useHelps() {
  return useQuery({ queryKey: helpKeys.list(), queryFn: fetchHelps });
}
