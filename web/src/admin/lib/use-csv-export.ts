import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@/data/hooks';
import { useCallback, useState } from 'react';
import { adminFr } from '@/i18n/admin';
import { reportFailure, toastSuccess } from './errors';
import { saveTextFile } from './files';

/**
 * 'Exporter': asks the server for the CSV (UTF-8 with BOM, built from every row, not only the
 * page on screen) and saves it under the spec's fixed name (§9), then 'Export réussi'.
 */
export function useCsvExport<K extends string, V extends OperationVariables = Record<string, never>>(
  query: TypedDocumentNode<Record<K, string>, V>,
  field: K,
  fileName: string,
  /** E.g. the list's filter, so the file holds what the screen lists. */
  variables?: V,
) {
  const client = useApolloClient();
  const [exporting, setExporting] = useState(false);
  const exportCsv = useCallback(async () => {
    setExporting(true);
    try {
      const { data } = await client.query({ query, variables, fetchPolicy: 'no-cache' } as ApolloClient.QueryOptions<Record<K, string>, V>);
      const csv = data?.[field];
      if (typeof csv !== 'string') throw new Error('no CSV in the answer');
      saveTextFile(csv, fileName, 'text/csv;charset=utf-8');
      toastSuccess(adminFr.common.exportSuccess, adminFr.common.exportSuccessText(fileName));
    } catch (err) {
      reportFailure(err, adminFr.common.exportFailure);
    } finally {
      setExporting(false);
    }
  }, [client, query, field, fileName, variables]);
  return { exportCsv, exporting };
}
