/** A video's presenter as its columns hold it: the photo is an object key, signed when asked for (codegen's Presenter mapper). */
export interface PresenterView {
  name: string;
  title: string | null;
  photoKey: string | null;
}
