export { CatalogueItem } from './catalogue-item';
export { Article } from './article';
export { PendingUpload } from './pending-upload';
export { Pdf } from './pdf';
export { SiteSetting } from './site-setting';
export { Testimonial } from './testimonial';
export { Video } from './video';
