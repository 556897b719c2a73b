export { messagingExport } from './export.module';
export { dataExportMail } from './mail';
