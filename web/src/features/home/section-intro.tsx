/** The centred title and sentence that open each of the home's sections below the hero. */
export function SectionIntro({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="mx-auto mb-8 max-w-2xl text-center">
      <h2 id={id} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <p className="mt-3 text-muted-foreground">{text}</p>
    </div>
  );
}
