import { authorizationHeader, contentTypeHeader, retryAfterHeaderName } from '../../../../contract/headers.ts';
import {
  AgeingSummary, BulkResolutionResult, ExceptionDetail, ExceptionList, StatementFileList, StatementFileUpload,
  type BulkResolutionInput, type ResolutionInput,
} from '../../../../contract/reconciliation.ts';
import { apiPath } from '../../../../contract/endpoints.ts';
import { api, ApiError, httpError, networkError } from '../../../lib/api-client.ts';
import { apiUrl } from '../../../lib/runtime-config.ts';
import { getBearerToken } from '../../../lib/session.ts';

export const fetchExceptions = (params: Record<string, string>) => api('listReconciliationExceptions', ExceptionList, { query: params }).then((r) => r.data);
export const fetchAgeing = (params: Record<string, string>) => api('getReconciliationAgeing', AgeingSummary, { query: params }).then((r) => r.data);
export const fetchFiles = () => api('listStatementFiles', StatementFileList, { query: { limit: '50' } }).then((r) => r.data);
export const fetchException = (id: string) => api('getReconciliationException', ExceptionDetail, { path: { id } }).then((r) => r.data);
export const resolveException = (id: string, input: ResolutionInput) => api('resolveReconciliationException', ExceptionDetail, { path: { id }, body: input }).then((r) => r.data);
export const bulkResolve = (input: BulkResolutionInput) => api('bulkResolveReconciliationExceptions', BulkResolutionResult, { body: input }).then((r) => r.data);

/**
 * Uploads a statement file as the request body with XMLHttpRequest (fetch reports no upload progress), calling
 * `onProgress` with the fraction sent. Resolves with the import; rejects with an ApiError, as every other call.
 */
export function uploadStatement(file: File, onProgress: (fraction: number) => void): Promise<StatementFileUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiUrl(apiPath('uploadStatementFile'))}?${new URLSearchParams({ name: file.name }).toString()}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader(contentTypeHeader, 'application/octet-stream');
    const token = getBearerToken();
    if (token) xhr.setRequestHeader(authorizationHeader, `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      let body: unknown = undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 200 || xhr.status === 201) {
        const parsed = StatementFileUpload.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError('The server sent a response this dashboard does not understand (upload).', xhr.status, null, 'parse'));
        return;
      }
      void httpError(xhr.status, xhr.statusText, body, xhr.getResponseHeader(retryAfterHeaderName)).then(reject);
    };
    xhr.send(file);
  });
}
