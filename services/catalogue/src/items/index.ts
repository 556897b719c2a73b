/** What the other rooms (and the republish command) may use of items. */
export { findPdf } from './pdfs';
export { findVideo } from './videos';
export { countPdfDownload, insertItemRow } from './store';
export { republishItems } from './republish';
export { itemsModule } from './items.module';
