/**
 * The demo site's documents as plain data: site settings, pages and posts.
 *
 * Photos are referenced by their key in demo/photos.json; demo/scripts/build-dataset.ts turns
 * this file into Sanity documents with Portable Text bodies (production.ndjson). Text is written
 * in a tiny shorthand:
 *   - a block's `text` is a string or a list of spans; a span is a string or
 *     { text, marks?: ["strong" | "em"], href? } (href: "https://…" or an internal path "/…")
 *   - { list: [...] } becomes one bullet list item per entry
 *   - { photo } is an inline image, { gallery, photos } a gallery block; alt text and caption
 *     default to the photo's alt and caption in photos.json.
 *   - wherever a photo is named, { photo, crop?, hotspot? } places it the way an editor does in
 *     the Studio's image tool: `crop` is the fraction cut from each edge, `hotspot` the centre
 *     and size of the part that must stay visible in every cropped rendition (fractions of the
 *     whole image).
 *
 * The demo is in two languages: English, the site's own, and German, turned on in the site
 * settings (`languages`). Each translatable text has its German beside it (`translations.de`);
 * a translated body gives the German of each text block of the English one, in order, while its
 * photographs and galleries stay where they are (so each keeps its key, and its address, in
 * both languages). Some texts are left in English on purpose: the German site shows them in
 * English, marked as such (the licensing page, the imprint, a post, the spaniels' photograph).
 *
 * Edit the words here and run `node demo/scripts/build-dataset.ts` to regenerate the dataset
 * (with `--originals <folder>` when a photograph is new: see that script).
 */

export type Mark = "strong" | "em";
export type Span = string | { text: string; marks?: Mark[]; href?: string };
export type Text = string | Span[];

/** Fractions of the image cut away from each edge. */
export interface Crop {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Centre (x, y) and size of the part of the image that must stay visible, as fractions. */
export interface Hotspot {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A photo as an editor placed it. */
export interface PhotoUse {
  photo: string;
  crop?: Crop;
  hotspot?: Hotspot;
  /** The owner's per-photograph override of the store's default ("for sale" / "not for sale"). */
  forSale?: "yes" | "no";
  /** How far its zoom goes, against the site's (shared/public-size.ts). */
  zoom?: "public" | "original";
}

/** A photo key from photos.json, or the photo with its crop and hotspot. */
export type PhotoRef = string | PhotoUse;

/** A paragraph or heading, or a bullet list. */
export type TextBlock =
  | { style?: "normal" | "h2" | "h3" | "blockquote"; text: Text }
  | { list: Text[] };

export type Block =
  | TextBlock
  | (PhotoUse & { alt?: string; caption?: string })
  | { gallery: string; photos: PhotoRef[] };

/** The demo's further language (the site settings' More languages). */
export type Language = "de";

/** A text's translations, by language. */
export type Translated<T> = Partial<Record<Language, T>>;

/**
 * A translated body: the text blocks of the English body in the other language, one for one
 * (a list with as many items), and the German of photographs' captions the body gives itself,
 * by photo key. Its photographs and galleries are the English body's.
 */
export interface BodyTranslation {
  text: TextBlock[];
  captions?: Record<string, string>;
}

export interface SiteSettings {
  /** Site title, the end of every document title. */
  title: string;
  /** Label of the header's home link. */
  brand: string;
  /** Tagline: the meta description. */
  description: string;
  ownerName: string;
  email: string;
  socialLinks: { label: string; url: string }[];
  /** Header navigation, in order. */
  navigation: { label: string; path: string }[];
  /** Home page introduction: text only, as the Studio's schema has it. */
  intro: TextBlock[];
  /** Image for link previews (Open Graph); alt defaults to the photo's. */
  socialImage: PhotoUse & { alt?: string };
  /** The further languages the site is in. */
  languages: Language[];
  translations: Translated<{
    title: string;
    description: string;
    intro: TextBlock[];
    /** Navigation labels, by path. */
    navigation: Record<string, string>;
    /**
     * Tags and place names, by the name as stored (a place's country is translated by the
     * site itself: "Zegama, Spain" needs no entry).
     */
    names: Record<string, string>;
  }>;
  /**
   * Client galleries' proofing (Site settings → Client galleries): the watermark, its image the
   * demo photographer's logo (demo/logo/, drawn for this project) when `logo` is set.
   */
  galleries: {
    watermark: {
      logo: boolean;
      text: string;
      position: "center" | "bottom-right" | "bottom-left" | "top-right" | "top-left";
      size: number;
      opacity: number;
    };
  };
}

/** The store's catalogue (the Studio's Store document): see docs/store.md. */
export interface Store {
  forSale: "all" | "none";
  currency: string;
  tax: boolean;
  withdrawn: "refund" | "wait";
  prints: {
    id: string;
    name: string;
    widthInches: number;
    heightInches: number;
    paper?: string;
    price: number;
    fulfilment: "lab" | "owner";
    labSku?: string;
    translations?: Translated<{ name: string; paper?: string }>;
  }[];
  licences: {
    id: string;
    name: string;
    summary: string;
    price: number;
    termsUrl: string;
    longEdge: number;
    translations?: Translated<{ name: string; summary: string }>;
  }[];
  shippingRates: {
    id: string;
    name: string;
    price: number;
    minDays: number;
    maxDays: number;
    translations?: Translated<{ name: string }>;
  }[];
  shippingCountries: string[];
  /** The e-mail to a buyer who left their cart: after a day, with 10 % off for a day. */
  cartReminder: { enabled: boolean; delayHours: number; percentOff: number; offerHours: number };
}

export interface Page {
  slug: string;
  title: string;
  description: string;
  body: Block[];
  translations?: Translated<{ title: string; description: string; body: BodyTranslation }>;
}

export interface Post {
  slug: string;
  title: string;
  /** ISO date-time, fixed so the dataset is reproducible */
  publishedAt: string;
  excerpt: string;
  mainImage: PhotoRef;
  body: Block[];
  translations?: Translated<{ title: string; excerpt: string; body: BodyTranslation }>;
}

export const siteSettings: SiteSettings = {
  title: "Jane Doe Photography",
  brand: "Jane Doe",
  description: "Capturing moments in time.",
  ownerName: "Jane Doe",
  email: "jane@example.com",
  socialLinks: [{ label: "Instagram", url: "https://www.instagram.com/" }],
  navigation: [
    { label: "Home", path: "/" },
    { label: "Contact", path: "/contact" },
    { label: "Portfolio", path: "/portfolio" },
    { label: "Photos", path: "/photos" },
    { label: "Book", path: "/book" },
  ],
  socialImage: {
    photo: "autumn-below-aitzgorri",
    // The orange larches and the ridge above them; link previews are much wider than tall.
    hotspot: { x: 0.4, y: 0.42, width: 0.62, height: 0.44 },
  },
  languages: ["de"],
  translations: {
    de: {
      title: "Jane Doe Fotografie",
      description: "Momente, die bleiben.",
      navigation: {
        "/": "Start",
        "/contact": "Kontakt",
        "/portfolio": "Portfolio",
        "/photos": "Fotos",
        "/book": "Buchen",
      },
      names: {
        Animals: "Tiere",
        Flowers: "Blumen",
        Landscape: "Landschaft",
        Macro: "Makro",
        Mountains: "Berge",
        "Still life": "Stillleben",
        Water: "Wasser",
        "Basque Country, Spain": "Baskenland, Spanien",
        "Castille and León, Spain": "Kastilien und León, Spanien",
        "Lisbon, Portugal": "Lissabon, Portugal",
        "Aragon, Spain": "Aragonien, Spanien",
      },
      intro: [
        {
          text: [
            "Hallo, ich bin Jane. Ich fotografiere ",
            { text: "stille Orte und kleine Dinge", marks: ["em"] },
            ": Bergkämme im letzten Licht des Tages, einen Bach über hellem Kalkstein, einen Marienkäfer, der sich auf einem Grashalm Zeit lässt.",
          ],
        },
        {
          text: "Die meisten meiner Bilder entstehen draußen, zu Fuß und meist viel zu früh am Morgen. An Regentagen bleibe ich drinnen und baue am Küchentisch Stillleben auf: ein Fenster, eine Schale und das, was der Markt gerade hergab.",
        },
        {
          text: [
            "Stöbern Sie im ",
            { text: "Portfolio", href: "/portfolio" },
            ", lesen Sie die neuesten Geschichten von unterwegs, oder ",
            { text: "schreiben Sie mir", href: "/contact" },
            ", wenn Sie einen Abzug oder ein eigenes Shooting wünschen.",
          ],
        },
      ],
    },
  },
  // Her logo and "PROOF" across the middle of each proof, until she delivers the gallery.
  galleries: {
    watermark: { logo: true, text: "PROOF", position: "center", size: 12, opacity: 0.55 },
  },
  intro: [
    {
      text: [
        "Hello, I'm Jane. I photograph ",
        { text: "quiet places and small things", marks: ["em"] },
        ": mountain ridges in the last light of the day, a creek running over pale limestone, a ladybird taking its time on a blade of grass.",
      ],
    },
    {
      text: "Most of my work happens outdoors, on foot and usually far too early in the morning. On rainy days I stay in and set up still lifes at the kitchen table with a window, a bowl and whatever the market had to offer.",
    },
    {
      text: [
        "Have a look through the ",
        { text: "portfolio", href: "/portfolio" },
        ", read the latest stories from the road, or ",
        { text: "get in touch", href: "/contact" },
        " if you would like a print or a session of your own.",
      ],
    },
  ],
};

/**
 * Photographs' own texts in German, by photo key (demo/photos.json has the English): set on
 * every placement of the photograph. The spaniels' (no entry) shows its English texts on the
 * German pages.
 */
export const photoTranslations: Record<
  string,
  Translated<{ title?: string; alt?: string; caption?: string }>
> = {
  "autumn-below-aitzgorri": {
    de: {
      title: "Herbst unter dem Aitzgorri",
      alt: "Vorne eine leuchtend grüne Wiese, dahinter ein Hang mit herbstlich orangen Lärchen und ein langer grauer Kalksteingrat unter einem blassen, bewölkten Himmel.",
      caption: "Lärchen färben sich orange unter dem Kalksteingrat des Aitzgorri.",
    },
  },
  "picos-de-europa": {
    de: {
      title: "Picos de Europa",
      alt: "Ein ausgetretener Pfad führt über einen grasigen Bergrücken zu hohen grauen Felswänden mit Schneeresten, unter einem tiefblauen Himmel mit einer einzelnen weißen Wolke.",
      caption:
        "Der letzte Grashang vor den Felswänden der Picos de Europa, darunter noch der letzte Schnee.",
    },
  },
  "summit-sunset": {
    de: {
      title: "Sonnenuntergang auf dem Gipfel",
      alt: "Die tief stehende Sonne strahlt über gestaffelten blauen Bergketten. Im Vordergrund steht ein runder steinerner Orientierungstisch auf einem Grasgipfel mit Altschneeflecken.",
      caption:
        "Letztes Licht über den Bergketten, neben dem steinernen Orientierungstisch auf dem Gipfel.",
    },
  },
  "forest-creek": {
    de: {
      title: "Waldbach",
      alt: "Ein kleiner Bach fällt über mehrere niedrige Stufen zwischen hellen, vom Wasser rund geschliffenen Kalksteinen, im Schatten grünen Waldes.",
      caption: "Ein Bach schneidet sich im Schatten des Waldes durch hellen Kalkstein.",
    },
  },
  "dune-grass": {
    de: {
      title: "Dünengras",
      alt: "Goldenes Dünengras mit reifen Samenständen wiegt sich vor einem unscharfen türkisfarbenen Meer und einem klaren blauen Himmel.",
      caption: "Gras auf den Dünen, das Meer dahinter knapp außerhalb der Schärfe.",
    },
  },
  "dandelion-evening": {
    de: {
      title: "Pusteblumen am Abend",
      alt: "Eine Wiese voller Pusteblumen im Gegenlicht der tiefen Abendsonne; eine weiße Samenkugel ist vorne scharf, die anderen leuchten weich dahinter.",
      caption: "Pusteblumen im Licht der Abendsonne.",
    },
  },
  "under-the-bridge-cables": {
    de: {
      title: "Unter den Brückenseilen",
      alt: "Weiße stählerne Schrägseile und dünne dunkle Drähte einer großen Brücke ziehen sich über einen klaren blauen Himmel; tief unten liegt eine weite, flache Flussmündung mit Sandbänken und niedrigen Hügeln am Horizont.",
      caption: "Blick zwischen den Schrägseilen der Brücke hindurch auf die Flussmündung.",
    },
  },
  dragonfly: {
    de: {
      title: "Rastende Libelle",
      alt: "Eine gelbe Libelle mit durchsichtigen Flügeln sitzt auf der Spitze eines kahlen Zweigs vor sonnigem Laub und blauem Himmel.",
      caption: "Eine Libelle wärmt sich auf einem kahlen Zweig in der Sonne.",
    },
  },
  nuthatch: {
    de: {
      title: "Kleiber",
      alt: "Ein Kleiber mit blaugrauem Rücken und orange-beigem Bauch klammert sich kopfüber an die raue Rinde eines Baumstamms, vor einem weichen, unscharfen Hintergrund.",
      caption: "Ein Kleiber tut, was Kleiber eben tun: kopfüber einen Baum hinunterlaufen.",
    },
  },
  ladybird: {
    de: {
      title: "Marienkäfer",
      alt: "Ein roter Marienkäfer mit schwarzen Punkten läuft an einem grünen Grashalm entlang, umgeben von kleinen, unscharfen blauen Vergissmeinnicht.",
      caption: "Ein Marienkäfer auf einem Grashalm zwischen Vergissmeinnicht.",
    },
  },
  marigold: {
    de: {
      title: "Studentenblume",
      alt: "Nahaufnahme einer tiefroten Studentenblume mit gelb geränderten Blütenblättern vor einem weichen, unscharfen Hintergrund in Orange und Grün.",
      caption: "Eine Studentenblume in voller Blüte.",
    },
  },
  "water-crown": {
    de: {
      title: "Wasserkrone",
      alt: "Ein fallender Wassertropfen schleudert auf einer glatten blaugrauen Oberfläche eine kleine Wasserkrone auf, umgeben von winzigen Tröpfchen.",
      caption: "Ein Wassertropfen, festgehalten im Moment des Aufpralls.",
    },
  },
  "fig-in-red-bowl": {
    de: {
      title: "Feige in roter Schale",
      alt: "Eine halbe frische Feige, das rosa Fruchtfleisch nach oben, liegt in einer glänzenden orangeroten Schale in Blattform auf verwittertem grauem Beton und wirft einen harten Schatten.",
      caption: "Eine halbe Feige, eine rote Schale und harte Nachmittagssonne.",
    },
  },
  "paint-brushes": {
    de: {
      title: "Pinsel",
      alt: "Nahaufnahme viel benutzter Pinsel, die dicht beieinanderstehen, ihre Borsten blau, türkis, magenta, limettengrün und orange verfärbt.",
      caption: "Heißgeliebte Pinsel in einer Ecke des Ateliers.",
    },
  },
  "evening-still-life": {
    de: {
      title: "Stillleben am Abend",
      alt: "Eine Djembe lehnt an einem beigen Sitzsack auf einem Korkboden; dahinter stehen auf einem Tisch aus Holzpaletten eine Flasche Rotwein, ein halb volles Glas und eine alte Kaffeemühle, daneben ein hoher Lautsprecher.",
      caption: "Eine Trommel, ein Glas Rotwein und warmes Abendlicht.",
    },
  },
  "wooden-bird": {
    de: {
      title: "Holzvogel",
      alt: "Ein kleiner geschnitzter, grün bemalter Holzvogel mit hellen, ausgebreiteten Flügeln hängt an einer dünnen Feder unter leuchtend weißen Kugellampen.",
      caption: "Ein geschnitzter Vogel im Flug unter den Lampen.",
    },
  },
  "wall-clock": {
    de: {
      title: "Wanduhr",
      alt: "Eine weiße Wanduhr, steil von der Seite gesehen; ihre Ziffern sind aus dem Zifferblatt ausgeschnitten und leuchten von hinten gelbgrün, und zwei dünne dunkle Zeiger treffen sich über einer grauen Nabe.",
      caption: "Hinterleuchtete Ziffern auf einer weißen Wanduhr.",
    },
  },
  "storm-front": {
    de: {
      title: "Gewitterfront",
      alt: "Schwere blaugraue Gewitterwolken hängen tief über flachen grünen Feldern; im Vordergrund sind eine Straße und ihre Leitplanke durch die Fahrt des Autos zu Streifen verwischt.",
      caption: "Eine Gewitterfront zieht über den Feldern auf, gesehen aus einem fahrenden Auto.",
    },
  },
  "leaf-in-backlight": {
    de: {
      title: "Blatt im Gegenlicht",
      alt: "Nahaufnahme eines leuchtend grünen Blatts, das von hinten beleuchtet ist; seine parallelen Adern ziehen sich in weichen Bögen durch das Bild, wie die Lamellen einer Jalousie.",
      caption: "Sonnenlicht durch ein Blatt, die Adern aufgereiht wie die Lamellen einer Jalousie.",
    },
  },
  "elephants-on-canvas": {
    de: {
      title: "Elefanten auf Leinwand",
      alt: "Ein Gemälde zweier Elefanten, die aus einem blauen und türkisfarbenen Dunst hervortreten, zu beiden Seiten gespiegelte Muster in Blau und Dunkelrot; aus der Nähe scheint das Gewebe der Leinwand durch die Farbe.",
      caption:
        "Ein Gemälde zweier Elefanten, fotografiert in der vollen Auflösung der Kamera: Zoomen Sie hinein, um die Leinwand unter den Pinselstrichen zu sehen.",
    },
  },
};

/** Galleries' titles in German, by their English title. */
export const galleryTranslations: Record<string, Translated<string>> = {
  Landscapes: { de: "Landschaften" },
  "Nature up close": { de: "Natur aus der Nähe" },
  Animals: { de: "Tiere" },
  "Still life": { de: "Stillleben" },
  "A week in the mountains": { de: "Eine Woche in den Bergen" },
  "Close-ups from this spring": { de: "Nahaufnahmen aus diesem Frühling" },
  "From the studio": { de: "Aus dem Atelier" },
};

/**
 * The owner's Location privacy (the Studio's private document `settings.location`): about 10 km
 * by default, and a never-show zone around the demo photographer's home in San Sebastián, so
 * the demo's map shows photographs at several levels and one (storm-front) nowhere at all.
 * Which photographs are located, and how, is in demo/photos.json (`location`).
 */
export const locationPrivacy = {
  precision: "10km",
  zones: [{ name: "Home", lat: 43.3183, lng: -1.9812, radius: 2_000 }],
} as const;

/**
 * The demo's store: every photograph for sale (the spaniels, someone's own dogs, are not), prints
 * made by the lab stand-in (Prodigi's SKUs, demo/lab/catalogue.ts) and one signed print Jane
 * makes herself, three licences with their terms on the page /licensing, and two shipping rates.
 * The sizes above 8×10 in need more pixels than most demo photographs have (150 ppi), so most
 * are offered in the small sizes only; the elephants (5640 px) in every size.
 */
export const store: Store = {
  forSale: "all",
  currency: "eur",
  tax: false,
  withdrawn: "refund",
  prints: [
    {
      id: "fine-art-8x10",
      name: "Fine art print, 8×10 in",
      widthInches: 8,
      heightInches: 10,
      paper: "Enhanced Matte Art",
      price: 45,
      fulfilment: "lab",
      labSku: "GLOBAL-FAP-8X10",
      translations: { de: { name: "Fine-Art-Druck, 8×10 in", paper: "Enhanced Matte Art" } },
    },
    {
      id: "photo-rag-8x10",
      name: "Photo Rag print, 8×10 in",
      widthInches: 8,
      heightInches: 10,
      paper: "Hahnemühle Photo Rag",
      price: 60,
      fulfilment: "lab",
      labSku: "GLOBAL-HPR-8X10",
      translations: { de: { name: "Photo-Rag-Druck, 8×10 in", paper: "Hahnemühle Photo Rag" } },
    },
    {
      id: "fine-art-12x16",
      name: "Fine art print, 12×16 in",
      widthInches: 12,
      heightInches: 16,
      paper: "Enhanced Matte Art",
      price: 85,
      fulfilment: "lab",
      labSku: "GLOBAL-FAP-12X16",
      translations: { de: { name: "Fine-Art-Druck, 12×16 in", paper: "Enhanced Matte Art" } },
    },
    {
      id: "fine-art-16x20",
      name: "Fine art print, 16×20 in",
      widthInches: 16,
      heightInches: 20,
      paper: "Enhanced Matte Art",
      price: 120,
      fulfilment: "lab",
      labSku: "GLOBAL-FAP-16X20",
      translations: { de: { name: "Fine-Art-Druck, 16×20 in", paper: "Enhanced Matte Art" } },
    },
    {
      id: "signed-a5",
      name: "Signed print, A5, printed by Jane",
      widthInches: 5.8,
      heightInches: 8.3,
      paper: "Cotton rag, hand-signed",
      price: 35,
      fulfilment: "owner",
      translations: {
        de: {
          name: "Signierter Druck, A5, von Jane gedruckt",
          paper: "Baumwollpapier, handsigniert",
        },
      },
    },
  ],
  licences: [
    {
      id: "personal",
      name: "Personal",
      summary: "Your own walls, screens and private albums; no sales, no publication.",
      price: 25,
      termsUrl: "/licensing",
      longEdge: 2400,
      translations: {
        de: {
          name: "Privat",
          summary:
            "Ihre eigenen Wände, Bildschirme und privaten Alben; kein Verkauf, keine Veröffentlichung.",
        },
      },
    },
    {
      id: "editorial",
      name: "Editorial",
      summary: "One article or story, online and in print, with a credit.",
      price: 90,
      termsUrl: "/licensing",
      longEdge: 3000,
      translations: {
        de: {
          name: "Redaktionell",
          summary: "Ein Artikel oder eine Geschichte, online und gedruckt, mit Bildnachweis.",
        },
      },
    },
    {
      id: "commercial",
      name: "Commercial",
      summary: "Advertising, products and packaging for two years, worldwide.",
      price: 350,
      termsUrl: "/licensing",
      longEdge: 6000,
      translations: {
        de: {
          name: "Kommerziell",
          summary: "Werbung, Produkte und Verpackungen für zwei Jahre, weltweit.",
        },
      },
    },
  ],
  shippingRates: [
    {
      id: "standard",
      name: "Standard (tracked)",
      price: 8,
      minDays: 3,
      maxDays: 7,
      translations: { de: { name: "Standard (mit Sendungsverfolgung)" } },
    },
    {
      id: "express",
      name: "Express",
      price: 20,
      minDays: 1,
      maxDays: 3,
      translations: { de: { name: "Express" } },
    },
  ],
  shippingCountries: ["DE", "FR", "ES", "IT", "NL", "BE", "AT", "GB", "US", "CA"],
  cartReminder: { enabled: true, delayHours: 24, percentOff: 10, offerHours: 24 },
};

export const pages: Page[] = [
  {
    slug: "portfolio",
    title: "Portfolio",
    description:
      "A selection of landscapes, close-ups, animals and still lifes from the last few years.",
    body: [
      {
        text: "A small selection of favourites, grouped loosely by subject. Almost every picture is for sale as a fine-art print or a licence: open one and look for Buy.",
      },
      {
        gallery: "Landscapes",
        photos: [
          "autumn-below-aitzgorri",
          "picos-de-europa",
          "summit-sunset",
          "forest-creek",
          "dune-grass",
          "storm-front",
          "under-the-bridge-cables",
        ],
      },
      {
        gallery: "Nature up close",
        photos: [
          {
            photo: "dandelion-evening",
            // The sharp seed head sits in the left third; keep it in every square thumbnail.
            crop: { top: 0, bottom: 0.06, left: 0.02, right: 0.12 },
            hotspot: { x: 0.29, y: 0.34, width: 0.3, height: 0.58 },
          },
          "dragonfly",
          "ladybird",
          "marigold",
          "leaf-in-backlight",
        ],
      },
      {
        gallery: "Animals",
        // Someone's own dogs: shown, not sold.
        photos: ["nuthatch", { photo: "spaniels-at-the-door", forSale: "no" }],
      },
      {
        gallery: "Still life",
        photos: [
          "fig-in-red-bowl",
          "paint-brushes",
          "water-crown",
          "evening-still-life",
          "wooden-bird",
          "wall-clock",
          // Full size (5640 px wide, kept privately; its public copy is 2048): the photograph
          // whose zoom goes to the original's pixels, where the site's stops at the public size.
          { photo: "elephants-on-canvas", zoom: "original" },
        ],
      },
    ],
    translations: {
      de: {
        title: "Portfolio",
        description:
          "Eine Auswahl an Landschaften, Nahaufnahmen, Tieren und Stillleben aus den letzten Jahren.",
        body: {
          text: [
            {
              text: "Eine kleine Auswahl meiner Lieblingsbilder, lose nach Themen geordnet. Fast jedes Bild gibt es als Fine-Art-Abzug oder als Lizenz: Öffnen Sie eines und suchen Sie nach „Kaufen“.",
            },
          ],
        },
      },
    },
  },
  {
    slug: "about",
    title: "About",
    description: "Who is behind the camera, and how I like to work.",
    body: [
      { style: "h2", text: "Hi, I'm Jane" },
      {
        text: "I started with a second-hand camera and a habit of getting up before sunrise. Twelve years later I still do both. I love long walks that end somewhere high, and I love the opposite too: a single fig on a table and an hour to get the light right.",
      },
      {
        text: [
          "I work ",
          { text: "slowly", marks: ["strong"] },
          " and with as little gear as I can get away with. What I am after is the feeling of the place, not a checklist of sights.",
        ],
      },
      { style: "h3", text: "What I offer" },
      {
        list: [
          "Fine-art prints of everything in the portfolio",
          "Outdoor portrait sessions for people and their dogs",
          "Still-life and product photography for small makers",
        ],
      },
      {
        text: ["If any of that sounds like you, ", { text: "write to me", href: "/contact" }, "."],
      },
    ],
    translations: {
      de: {
        title: "Über mich",
        description: "Wer hinter der Kamera steht und wie ich gern arbeite.",
        body: {
          text: [
            { style: "h2", text: "Hallo, ich bin Jane" },
            {
              text: "Angefangen habe ich mit einer gebrauchten Kamera und der Gewohnheit, vor Sonnenaufgang aufzustehen. Zwölf Jahre später tue ich beides noch immer. Ich liebe lange Wanderungen, die irgendwo weit oben enden, und ich liebe auch das Gegenteil: eine einzelne Feige auf einem Tisch und eine Stunde Zeit, um das Licht richtig hinzubekommen.",
            },
            {
              text: [
                "Ich arbeite ",
                { text: "langsam", marks: ["strong"] },
                " und mit so wenig Ausrüstung wie möglich. Mir geht es um das Gefühl eines Ortes, nicht um eine Liste von Sehenswürdigkeiten.",
              ],
            },
            { style: "h3", text: "Was ich anbiete" },
            {
              list: [
                "Fine-Art-Abzüge von allem, was im Portfolio zu sehen ist",
                "Porträt-Shootings im Freien, für Menschen und ihre Hunde",
                "Stillleben- und Produktfotografie für kleine Manufakturen",
              ],
            },
            {
              text: [
                "Wenn Sie sich darin wiederfinden, ",
                { text: "schreiben Sie mir", href: "/contact" },
                ".",
              ],
            },
          ],
        },
      },
    },
  },
  {
    slug: "contact",
    title: "Contact",
    description: "Bookings, print orders and questions: how to reach Jane Doe Photography.",
    body: [
      {
        text: "I would love to hear from you, whether you are planning a session, want to order a print or simply have a question about a picture.",
      },
      { style: "h2", text: "Bookings and prints" },
      {
        text: [
          "The easiest way to reach me is by e-mail at ",
          { text: "jane@example.com", href: "mailto:jane@example.com" },
          ". I usually reply within two working days; in the mountains it may take a little longer.",
        ],
      },
      {
        list: [
          [
            { text: "Sessions:", marks: ["strong"] },
            " tell me a little about what you have in mind, a rough date and a place.",
          ],
          [
            { text: "Prints and licences:", marks: ["strong"] },
            " open a photograph and choose a size or a licence under Buy; you pay on the spot. For a size or a use that is not offered, write to me and I will send a quote.",
          ],
          [
            { text: "Client galleries:", marks: ["strong"] },
            " after a session your photographs wait in a private gallery, where you choose your favourites and order prints.",
          ],
        ],
      },
      {
        text: [
          "Not sure yet? Browse the ",
          { text: "portfolio", href: "/portfolio" },
          " first, or follow along on ",
          { text: "Instagram", href: "https://www.instagram.com/" },
          ".",
        ],
      },
    ],
    translations: {
      de: {
        title: "Kontakt",
        description: "Buchungen, Abzüge und Fragen: So erreichen Sie Jane Doe Fotografie.",
        body: {
          text: [
            {
              text: "Ich freue mich, von Ihnen zu hören, ob Sie ein Shooting planen, einen Abzug bestellen möchten oder einfach eine Frage zu einem Bild haben.",
            },
            { style: "h2", text: "Buchungen und Abzüge" },
            {
              text: [
                "Am einfachsten erreichen Sie mich per E-Mail an ",
                { text: "jane@example.com", href: "mailto:jane@example.com" },
                ". Ich antworte meist innerhalb von zwei Werktagen; in den Bergen kann es etwas länger dauern.",
              ],
            },
            {
              list: [
                [
                  { text: "Shootings:", marks: ["strong"] },
                  " Erzählen Sie mir kurz, was Sie sich vorstellen, dazu einen ungefähren Termin und einen Ort.",
                ],
                [
                  { text: "Abzüge und Lizenzen:", marks: ["strong"] },
                  " Öffnen Sie ein Foto und wählen Sie unter „Kaufen“ eine Größe oder eine Lizenz; Sie bezahlen direkt. Für eine Größe oder Nutzung, die nicht angeboten wird, schreiben Sie mir, und ich schicke Ihnen ein Angebot.",
                ],
                [
                  { text: "Kundengalerien:", marks: ["strong"] },
                  " Nach einem Shooting warten Ihre Fotos in einer privaten Galerie, in der Sie Ihre Favoriten auswählen und Abzüge bestellen.",
                ],
              ],
            },
            {
              text: [
                "Noch unentschlossen? Stöbern Sie zuerst im ",
                { text: "Portfolio", href: "/portfolio" },
                ", oder folgen Sie mir auf ",
                { text: "Instagram", href: "https://www.instagram.com/" },
                ".",
              ],
            },
          ],
        },
      },
    },
  },
  {
    slug: "licensing",
    title: "Licensing",
    description: "The terms of the personal, editorial and commercial licences of my photographs.",
    body: [
      {
        text: "Every photograph offered for sale can be licensed on its own page. The licence is written into the file you download (its XMP metadata), with your order number.",
      },
      { style: "h2", text: "Personal" },
      {
        text: "For your own walls, screens and private albums. You may print the file for yourself; you may not sell it, publish it or use it for a business.",
      },
      { style: "h2", text: "Editorial" },
      {
        text: "For one article or story, online and in print, for as long as it stays published, with the credit “Photo: Jane Doe”. Not for advertising.",
      },
      { style: "h2", text: "Commercial" },
      {
        text: "For advertising, products and packaging, worldwide, for two years from the order. Not for resale of the photograph itself, as a file or a print.",
      },
      { style: "h3", text: "For every licence" },
      {
        list: [
          "The licence is yours alone and cannot be passed on.",
          "The copyright stays with the photographer.",
          "Nothing here is a real offer: this is a demonstration site, and payments go to a stand-in for Stripe.",
        ],
      },
    ],
  },
  {
    slug: "imprint",
    title: "Imprint",
    description: "Legal notice and photo credits.",
    body: [
      { style: "h2", text: "Legal notice" },
      { text: "Jane Doe Photography\nJane Doe\nExample Street 1\n12345 Example City" },
      { text: "E-mail: jane@example.com" },
      {
        text: "Responsible for the content of this website: Jane Doe, address as above.",
      },
      { style: "h3", text: "Disclaimer" },
      {
        text: "Despite careful checking, I cannot accept liability for the content of external links. The operators of linked pages are solely responsible for their content.",
      },
      { style: "h3", text: "About this demo" },
      {
        text: [
          "This is a ",
          { text: "demonstration site", marks: ["em"] },
          ": Jane Doe is invented. The photographs were taken by the photographers credited below and are used under the licences named with each picture.",
        ],
      },
    ],
  },
];

export const posts: Post[] = [
  {
    slug: "autumn-in-the-basque-mountains",
    title: "Autumn in the Basque mountains",
    publishedAt: "2026-02-10T09:00:00Z",
    excerpt:
      "Larches on fire, a limestone ridge and a sunset on a summit: notes from a week of walking in northern Spain.",
    mainImage: "autumn-below-aitzgorri",
    body: [
      {
        text: "Some weeks are planned for months. This one was planned in an evening, with a map spread over the kitchen table and a weather forecast that looked almost too good.",
      },
      { style: "h2", text: "Below the ridge" },
      {
        text: [
          "The first morning started in the meadows below ",
          { text: "Aitzgorri", href: "https://en.wikipedia.org/wiki/Aizkorri" },
          ". The larches had just turned, and for an hour the whole slope glowed orange against the grey limestone. I barely moved from one spot: ",
          { text: "when the light does the work, stay put", marks: ["em"] },
          ".",
        ],
      },
      { photo: "autumn-below-aitzgorri" },
      { style: "h3", text: "What was in the bag" },
      {
        list: [
          "One body and two lenses: a standard zoom and a short telephoto",
          "A light tripod for the creek and the evenings",
          "A polariser, mostly for wet rocks and leaves",
          [{ text: "Far too many", marks: ["strong"] }, " snacks"],
        ],
      },
      { style: "h2", text: "Water and stone" },
      {
        text: "On the one cloudy day I went down into the woods instead. The creek there runs over pale, rounded limestone, and soft light is exactly what it needs: no hard shadows, just the shapes of the rock and the movement of the water.",
      },
      {
        style: "blockquote",
        text: "The best light of the week came on the day I almost stayed in.",
      },
      { style: "h2", text: "Higher up" },
      {
        text: [
          "The week ended higher, with a long day in the ",
          { text: "Picos de Europa", href: "https://en.wikipedia.org/wiki/Picos_de_Europa" },
          " and a sunset next to an old stone orientation table. A few favourites:",
        ],
      },
      {
        gallery: "A week in the mountains",
        photos: ["forest-creek", "picos-de-europa", "summit-sunset"],
      },
      {
        text: [
          "More landscapes are waiting in the ",
          { text: "portfolio", href: "/portfolio" },
          ".",
        ],
      },
    ],
    translations: {
      de: {
        title: "Herbst in den baskischen Bergen",
        excerpt:
          "Lärchen in Flammen, ein Kalksteingrat und ein Sonnenuntergang auf dem Gipfel: Notizen von einer Wanderwoche in Nordspanien.",
        body: {
          text: [
            {
              text: "Manche Wochen werden monatelang geplant. Diese entstand an einem Abend, mit einer Karte auf dem Küchentisch und einer Wettervorhersage, die fast zu gut aussah.",
            },
            { style: "h2", text: "Unter dem Grat" },
            {
              text: [
                "Der erste Morgen begann auf den Wiesen unter dem ",
                { text: "Aitzgorri", href: "https://de.wikipedia.org/wiki/Aizkorri" },
                ". Die Lärchen hatten sich gerade verfärbt, und eine Stunde lang leuchtete der ganze Hang orange vor dem grauen Kalkstein. Ich bin kaum von der Stelle gewichen: ",
                { text: "Wenn das Licht die Arbeit macht, bleib stehen", marks: ["em"] },
                ".",
              ],
            },
            { style: "h3", text: "Was im Rucksack war" },
            {
              list: [
                "Ein Gehäuse und zwei Objektive: ein Standardzoom und ein kurzes Tele",
                "Ein leichtes Stativ für den Bach und die Abende",
                "Ein Polfilter, vor allem für nasse Steine und Blätter",
                [{ text: "Viel zu viele", marks: ["strong"] }, " Snacks"],
              ],
            },
            { style: "h2", text: "Wasser und Stein" },
            {
              text: "Am einzigen bewölkten Tag bin ich stattdessen in den Wald hinuntergestiegen. Der Bach dort fließt über hellen, rund geschliffenen Kalkstein, und weiches Licht ist genau das, was er braucht: keine harten Schatten, nur die Formen des Gesteins und die Bewegung des Wassers.",
            },
            {
              style: "blockquote",
              text: "Das beste Licht der Woche kam an dem Tag, an dem ich fast drinnen geblieben wäre.",
            },
            { style: "h2", text: "Weiter oben" },
            {
              text: [
                "Die Woche endete weiter oben, mit einem langen Tag in den ",
                { text: "Picos de Europa", href: "https://de.wikipedia.org/wiki/Picos_de_Europa" },
                " und einem Sonnenuntergang neben einem alten steinernen Orientierungstisch. Ein paar Lieblingsbilder:",
              ],
            },
            {
              text: [
                "Weitere Landschaften warten im ",
                { text: "Portfolio", href: "/portfolio" },
                ".",
              ],
            },
          ],
        },
      },
    },
  },
  {
    slug: "the-small-world-at-our-feet",
    title: "The small world at our feet",
    publishedAt: "2026-03-18T09:00:00Z",
    excerpt:
      "A ladybird, a dragonfly and a meadow of dandelion clocks: why I keep a close-up lens in my pocket.",
    mainImage: "ladybird",
    body: [
      {
        text: [
          "Spring is when I slow down the most. Not because there is less to see, but because ",
          { text: "everything interesting is small", marks: ["strong"] },
          " and needs a moment of patience.",
        ],
      },
      { style: "h2", text: "Getting low" },
      {
        text: "Nearly every close-up I like was taken lying on the ground. At eye level with a ladybird the grass becomes a forest and a blurred forget-me-not becomes a wash of blue.",
      },
      {
        photo: "ladybird",
        caption: "Eye level with a ladybird: the flowers behind are just colour.",
      },
      { style: "h3", text: "Three things that help" },
      {
        list: [
          [
            "Shoot into the light: ",
            { text: "backlit", marks: ["em"] },
            " seed heads and wings glow.",
          ],
          "Wait for the wind to drop, then wait a little longer.",
          [
            "Use a wide aperture and let the background melt away (read more about ",
            { text: "macro photography", href: "https://en.wikipedia.org/wiki/Macro_photography" },
            ").",
          ],
        ],
      },
      { style: "h2", text: "Evening meadow" },
      {
        text: "The dandelion meadow was pure luck: a field I walk past every week, the sun right on the horizon, and for ten minutes every seed head lit from behind.",
      },
      { photo: "dandelion-evening" },
      {
        gallery: "Close-ups from this spring",
        photos: ["dragonfly", "marigold", "dandelion-evening"],
      },
      {
        text: [
          "You will find more of these in the ",
          { text: "Nature up close", marks: ["em"] },
          " section of the ",
          { text: "portfolio", href: "/portfolio" },
          ".",
        ],
      },
    ],
    translations: {
      de: {
        title: "Die kleine Welt zu unseren Füßen",
        excerpt:
          "Ein Marienkäfer, eine Libelle und eine Wiese voller Pusteblumen: warum ich immer ein Makroobjektiv in der Tasche habe.",
        body: {
          text: [
            {
              text: [
                "Im Frühling werde ich am langsamsten. Nicht weil es weniger zu sehen gäbe, sondern weil ",
                { text: "alles Spannende klein ist", marks: ["strong"] },
                " und einen Moment Geduld braucht.",
              ],
            },
            { style: "h2", text: "Tief unten" },
            {
              text: "Fast jede Nahaufnahme, die ich mag, ist im Liegen entstanden. Auf Augenhöhe mit einem Marienkäfer wird das Gras zum Wald und ein unscharfes Vergissmeinnicht zu einem blauen Schleier.",
            },
            { style: "h3", text: "Drei Dinge, die helfen" },
            {
              list: [
                [
                  "Ins Licht fotografieren: Samen und Flügel im ",
                  { text: "Gegenlicht", marks: ["em"] },
                  " leuchten.",
                ],
                "Warten, bis der Wind nachlässt, und dann noch ein wenig länger warten.",
                [
                  "Mit offener Blende arbeiten und den Hintergrund verschwimmen lassen (mehr zur ",
                  {
                    text: "Makrofotografie",
                    href: "https://de.wikipedia.org/wiki/Makrofotografie",
                  },
                  ").",
                ],
              ],
            },
            { style: "h2", text: "Abendwiese" },
            {
              text: "Die Pusteblumenwiese war reines Glück: ein Feld, an dem ich jede Woche vorbeigehe, die Sonne genau am Horizont, und zehn Minuten lang leuchtete jede Samenkugel von hinten.",
            },
            {
              text: [
                "Mehr davon finden Sie im Bereich ",
                { text: "Natur aus der Nähe", marks: ["em"] },
                " des ",
                { text: "Portfolios", href: "/portfolio" },
                ".",
              ],
            },
          ],
          captions: {
            ladybird:
              "Auf Augenhöhe mit einem Marienkäfer: Die Blumen dahinter sind nur noch Farbe.",
          },
        },
      },
    },
  },
  {
    slug: "still-life-on-rainy-days",
    title: "Still life on rainy days",
    publishedAt: "2026-04-22T09:00:00Z",
    excerpt:
      "A fig, a red bowl and a window: how I keep photographing when the weather keeps me indoors.",
    mainImage: "fig-in-red-bowl",
    body: [
      {
        text: "When the rain sets in for a week I turn the kitchen table into a studio. There is no budget involved: a window, a piece of white card and whatever is in the fruit bowl.",
      },
      { style: "h2", text: "One subject, one light" },
      {
        text: [
          "The fig was the simplest setup of the year: ",
          { text: "one fruit, one bowl, hard sun", marks: ["strong"] },
          ". The shadow became half of the picture.",
        ],
      },
      { photo: "fig-in-red-bowl" },
      { style: "h3", text: "My indoor checklist" },
      {
        list: [
          "Turn off every lamp and use only the window",
          "Keep the background plain: concrete, linen or a wall",
          "Move the subject, not the camera",
          "Stop when it stops being fun",
        ],
      },
      { style: "h2", text: "Colour everywhere" },
      {
        text: [
          "A friend let me into her studio for an afternoon. Her brushes are a painting of their own, and I could not resist. If you are curious about the light I use, ",
          {
            text: "the Wikipedia article on still life",
            href: "https://en.wikipedia.org/wiki/Still_life",
          },
          " is a lovely rabbit hole of four hundred years of window light.",
        ],
      },
      {
        gallery: "From the studio",
        photos: ["paint-brushes", "water-crown", "evening-still-life"],
      },
      {
        text: [
          "Would you like your own products photographed like this? ",
          { text: "Let's talk", href: "/contact" },
          ".",
        ],
      },
    ],
    translations: {
      de: {
        title: "Stillleben an Regentagen",
        excerpt:
          "Eine Feige, eine rote Schale und ein Fenster: wie ich weiter fotografiere, wenn mich das Wetter drinnen festhält.",
        body: {
          text: [
            {
              text: "Wenn der Regen sich für eine Woche festsetzt, mache ich den Küchentisch zum Studio. Ein Budget braucht es dafür nicht: ein Fenster, ein Stück weißer Karton und was gerade in der Obstschale liegt.",
            },
            { style: "h2", text: "Ein Motiv, ein Licht" },
            {
              text: [
                "Die Feige war der einfachste Aufbau des Jahres: ",
                { text: "eine Frucht, eine Schale, harte Sonne", marks: ["strong"] },
                ". Der Schatten wurde zur Hälfte des Bildes.",
              ],
            },
            { style: "h3", text: "Meine Checkliste für drinnen" },
            {
              list: [
                "Alle Lampen ausschalten und nur das Fenster nutzen",
                "Den Hintergrund schlicht halten: Beton, Leinen oder eine Wand",
                "Das Motiv bewegen, nicht die Kamera",
                "Aufhören, wenn es keinen Spaß mehr macht",
              ],
            },
            { style: "h2", text: "Überall Farbe" },
            {
              text: [
                "Eine Freundin hat mich einen Nachmittag lang in ihr Atelier gelassen. Ihre Pinsel sind ein Gemälde für sich, und ich konnte nicht widerstehen. Wenn Sie neugierig auf das Licht sind, mit dem ich arbeite: ",
                {
                  text: "Der Wikipedia-Artikel über das Stillleben",
                  href: "https://de.wikipedia.org/wiki/Stillleben",
                },
                " ist eine wunderbare Fundgrube, in der man sich in vierhundert Jahren Fensterlicht verlieren kann.",
              ],
            },
            {
              text: [
                "Möchten Sie Ihre eigenen Produkte so fotografieren lassen? ",
                { text: "Sprechen wir darüber", href: "/contact" },
                ".",
              ],
            },
          ],
        },
      },
    },
  },
  {
    slug: "two-spaniels-and-a-nuthatch",
    title: "Two spaniels and a nuthatch",
    publishedAt: "2026-05-12T09:00:00Z",
    excerpt: "A short lesson in patience from animals that never do what you plan.",
    mainImage: {
      photo: "spaniels-at-the-door",
      // Cropped above the railing and the fence post; the hotspot keeps both faces in the
      // wide cover, which a centred crop would cut through the upper dog's eyes.
      crop: { top: 0.04, bottom: 0.21, left: 0, right: 0.09 },
      hotspot: { x: 0.485, y: 0.43, width: 0.4, height: 0.46 },
    },
    body: [
      {
        text: "Animals are the best teachers of patience I know. They will not pose, they will not repeat the moment, and they always notice you first.",
      },
      { style: "h2", text: "The welcome committee" },
      {
        text: [
          "These two spaniels watched us arrive at a cabin, ",
          { text: "one above the other", marks: ["em"] },
          ", as if they had rehearsed it. I took three frames before they came out to say hello.",
        ],
      },
      { photo: "spaniels-at-the-door" },
      { style: "h2", text: "Upside down" },
      {
        text: [
          "The ",
          { text: "nuthatch", href: "https://en.wikipedia.org/wiki/Eurasian_nuthatch" },
          " is one of the few birds that climbs down a tree head first. It took a whole morning of sitting still by one trunk before this one came close enough.",
        ],
      },
      { photo: "nuthatch" },
      { style: "h3", text: "What I have learned" },
      {
        list: [
          "Arrive early and sit down; you are less interesting when you are still.",
          "Pre-focus on the spot where the animal will probably be.",
          [{ text: "Never", marks: ["strong"] }, " chase the picture."],
        ],
      },
      {
        text: [
          "More animals in the ",
          { text: "portfolio", href: "/portfolio" },
          ", and if you would like a session with your own dog, ",
          { text: "get in touch", href: "/contact" },
          ".",
        ],
      },
    ],
  },
];

/** The demo's booking (docs/booking.md): Jane's hours in Spain's time zone, two kinds of session. */
export interface Booking {
  hours: {
    timeZone: string;
    weeklyHours: { weekday: 0 | 1 | 2 | 3 | 4 | 5 | 6; from: string; to: string }[];
    datesOff: string[];
    noticeHours: number;
    daysAhead: number;
    perDay: number;
    stepMinutes: 15 | 30 | 60;
    /** What heads the invoices (an imaginary business). */
    invoiceFrom: string;
    /** The cancellation policy: so much of what was paid back, from so many days before. */
    cancellation: { daysBefore: number; refundPercent: number }[];
  };
  sessions: {
    slug: string;
    title: string;
    description: string;
    durationMinutes: number;
    bufferBeforeMinutes: number;
    bufferAfterMinutes: number;
    price: number;
    deposit: number;
    /** The payment plan: the balance in so many payments. */
    instalments: number;
    location: string;
    /** The contract's template (docs/booking.md, "The contract"), and the Store's licence it names. */
    contract: string;
    licence: string;
    questionnaire: {
      id: string;
      label: string;
      kind: "text" | "choice" | "date" | "yesno";
      choices?: string[];
      required: boolean;
      translations?: Translated<{ label: string }>;
    }[];
    translations?: Translated<{
      title: string;
      description: string;
      location: string;
      contract?: string;
    }>;
  }[];
}

/** The demo's contract, one for both kinds of session: what a portrait photographer's says. */
const CONTRACT = `This agreement is between {photographer} (the photographer) and {client}, {email} (the client), for a {session} on {date}. Where: {place}.

1. Fee. The session costs {price}. The deposit of {deposit}, paid when booking, reserves the date; the balance of {balance} is paid before the session.

2. Cancelling or moving. The client may cancel up to 14 days before the session and have the deposit back in full, or move the session once to another free date. After that the deposit is kept. If the photographer cannot come, everything paid is refunded, or another date is offered.

3. The photographs. The photographer edits a selection of the photographs and delivers them in a private online gallery within three weeks of the session. The photographer keeps the copyright.

4. Using the photographs. The client may use the delivered photographs under the photographer's licence {licence}. The photographer shows photographs of the session in the portfolio only with the client's written consent.

5. Privacy. The client's details are used only for this session, its gallery and its invoices.`;

const CONTRACT_DE = `Dieser Vertrag wird zwischen {photographer} (Fotografin) und {client}, {email} (Kundin oder Kunde) geschlossen, für {session} am {date}. Ort: {place}.

1. Honorar. Das Shooting kostet {price}. Die Anzahlung von {deposit}, bei der Buchung bezahlt, reserviert den Termin; der Rest von {balance} wird vor dem Shooting bezahlt.

2. Absagen oder Verschieben. Bis 14 Tage vor dem Shooting kann abgesagt werden, und die Anzahlung wird vollständig erstattet, oder das Shooting wird einmal auf einen anderen freien Termin verschoben. Danach bleibt die Anzahlung einbehalten. Kann die Fotografin nicht kommen, wird alles Bezahlte erstattet oder ein anderer Termin angeboten.

3. Die Fotos. Die Fotografin bearbeitet eine Auswahl der Fotos und liefert sie innerhalb von drei Wochen nach dem Shooting in einer privaten Online-Galerie. Das Urheberrecht bleibt bei der Fotografin.

4. Nutzung der Fotos. Die gelieferten Fotos dürfen unter der Lizenz {licence} der Fotografin genutzt werden. Fotos des Shootings zeigt die Fotografin im Portfolio nur mit schriftlicher Zustimmung.

5. Datenschutz. Die Angaben werden nur für dieses Shooting, seine Galerie und seine Rechnungen verwendet.`;

export const booking: Booking = {
  hours: {
    timeZone: "Europe/Madrid",
    weeklyHours: ([2, 3, 4, 5, 6] as const).flatMap((weekday) => [
      { weekday, from: "10:00", to: "13:00" },
      { weekday, from: "15:00", to: "19:00" },
    ]),
    datesOff: ["2026-12-24", "2026-12-25", "2026-12-31", "2027-01-01", "2027-01-06"],
    noticeHours: 24,
    daysAhead: 42,
    perDay: 2,
    stepMinutes: 60,
    invoiceFrom: "Jane Doe Photography\nCalle de la Ribera 1, 48005 Bilbao, Spain",
    cancellation: [
      { daysBefore: 30, refundPercent: 100 },
      { daysBefore: 14, refundPercent: 50 },
    ],
  },
  sessions: [
    {
      slug: "portrait",
      title: "Portrait session",
      description:
        "An hour in the studio or outdoors nearby, for you or for you and your dog. Twenty edited photographs in a private gallery.",
      durationMinutes: 60,
      bufferBeforeMinutes: 30,
      bufferAfterMinutes: 30,
      price: 250,
      deposit: 75,
      instalments: 1,
      location: "Bilbao, the studio or outdoors nearby",
      contract: CONTRACT,
      licence: "personal",
      questionnaire: [
        {
          id: "who",
          label: "Who will be in the photographs?",
          kind: "text",
          required: true,
          translations: { de: { label: "Wer wird auf den Fotos sein?" } },
        },
        {
          id: "place",
          label: "Where would you like the session?",
          kind: "choice",
          choices: ["In the studio", "Outdoors"],
          required: true,
          translations: { de: { label: "Wo möchten Sie das Shooting?" } },
        },
        {
          id: "dog",
          label: "Is a dog coming along?",
          kind: "yesno",
          required: false,
          translations: { de: { label: "Kommt ein Hund mit?" } },
        },
      ],
      translations: {
        de: {
          title: "Porträt-Shooting",
          description:
            "Eine Stunde im Studio oder draußen in der Nähe, für Sie oder für Sie und Ihren Hund. Zwanzig bearbeitete Fotos in einer privaten Galerie.",
          location: "Bilbao, im Studio oder draußen in der Nähe",
          contract: CONTRACT_DE,
        },
      },
    },
    {
      slug: "family-afternoon",
      title: "Family afternoon",
      description:
        "Three hours with your family at home or in a place you love, unposed. Sixty edited photographs in a private gallery.",
      durationMinutes: 180,
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
      price: 600,
      deposit: 150,
      // The €450 balance in three payments of €150.
      instalments: 3,
      location: "At your home or a place you choose, within 50 km of Bilbao",
      contract: CONTRACT,
      licence: "personal",
      questionnaire: [
        {
          id: "address",
          label: "Where shall we meet?",
          kind: "text",
          required: true,
          translations: { de: { label: "Wo treffen wir uns?" } },
        },
        {
          id: "children",
          label: "How many children, and how old?",
          kind: "text",
          required: false,
          translations: { de: { label: "Wie viele Kinder, und wie alt?" } },
        },
      ],
      translations: {
        de: {
          title: "Familiennachmittag",
          description:
            "Drei Stunden mit Ihrer Familie zu Hause oder an einem Ort, den Sie lieben, ungestellt. Sechzig bearbeitete Fotos in einer privaten Galerie.",
          location: "Bei Ihnen zu Hause oder an einem Ort Ihrer Wahl, bis 50 km um Bilbao",
          contract: CONTRACT_DE,
        },
      },
    },
  ],
};
