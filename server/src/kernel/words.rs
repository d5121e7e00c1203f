//! The server's sentences in the reader's language. Handlers write English; the app sets the
//! language a request asks for around it, and the envelopes (success descriptions, error
//! descriptions and field messages) are worded in it from the catalogue in `arabic.tsv`, keyed,
//! as gettext does, by the English sentence.

use std::collections::HashMap;
use std::future::Future;
use std::sync::LazyLock;

use regex::Regex;

/// The language an answer's words are in, from the request's `Accept-Language`: the first of
/// its languages the web app speaks (Arabic or English), English when it names neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    English,
    Arabic,
}

impl Language {
    pub fn from_accept_language(header: &str) -> Self {
        Self::named_in(header).unwrap_or(Language::English)
    }

    /// The first language of an `Accept-Language` header that the web app speaks, if it names
    /// one.
    pub fn named_in(header: &str) -> Option<Self> {
        // Browsers list languages by preference; a weight of 0 means "not this one".
        let refused = |params: &str| {
            params.split(';').any(|param| {
                param.trim().strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0)
            })
        };
        header
            .split(',')
            .filter_map(|range| {
                let (tag, params) = range.split_once(';').unwrap_or((range, ""));
                (!refused(params)).then(|| tag.trim().split('-').next().unwrap_or_default())
            })
            .find_map(|primary| match primary.to_ascii_lowercase().as_str() {
                "ar" => Some(Language::Arabic),
                "en" => Some(Language::English),
                _ => None,
            })
    }

    /// As the store keeps it.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Arabic => "ar",
        }
    }

    pub fn from_code(code: &str) -> Self {
        match code {
            "ar" => Language::Arabic,
            _ => Language::English,
        }
    }
}

tokio::task_local! {
    /// The language of the request being answered on this task.
    static READER: Language;
}

/// Runs `work` (the answering of one request) with its sentences worded in `language`.
pub async fn answering_in<F: Future>(language: Language, work: F) -> F::Output {
    READER.scope(language, work).await
}

/// `sentence` in the language of the request being answered; English outside a request, and
/// for a sentence the catalogue does not have.
pub fn for_reader(sentence: String) -> String {
    worded(READER.try_with(|language| *language).unwrap_or(Language::English), sentence)
}

/// `sentence` in `language`; English for a sentence the catalogue does not have.
pub fn worded(language: Language, sentence: String) -> String {
    match language {
        Language::English => sentence,
        Language::Arabic => ARABIC.word(&sentence).unwrap_or(sentence),
    }
}

/// `value` in its own reading order (first-strong isolate), unless it is isolated already (an
/// amount the caller set left to right).
fn isolated(value: &str) -> String {
    let isolates = ['\u{2066}', '\u{2067}', '\u{2068}'];
    match value.starts_with(isolates) && value.ends_with('\u{2069}') {
        true => value.to_owned(),
        false => format!("\u{2068}{value}\u{2069}"),
    }
}

/// A value's place in a translation: `{1}`, or `{word1}` for a word translated first.
static VALUE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\{(word)?(\d+)\}").unwrap());

static ARABIC: LazyLock<Catalogue> = LazyLock::new(|| Catalogue::parse(include_str!("arabic.tsv")));

/// English sentence → translation. A sentence with values filled in (`{}` in the English) is a
/// pattern; the translation names the values `{1}`, `{2}`… as they are (a name someone typed),
/// or `{word1}`… where the value is one of the server's own words ("room") or sentences, itself
/// in the catalogue.
struct Catalogue {
    exact: HashMap<&'static str, &'static str>,
    /// Most literal text first, so "Enter the {} in pence." is tried before "Enter the {}.".
    patterns: Vec<(Regex, &'static str)>,
}

impl Catalogue {
    fn parse(text: &'static str) -> Self {
        let mut exact = HashMap::new();
        let mut patterns = Vec::new();
        for line in text.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
            let (english, translated) = line
                .split_once('\t')
                .unwrap_or_else(|| panic!("no tab in catalogue line {line:?}"));
            if english.contains("{}") {
                let pieces: Vec<String> = english.split("{}").map(regex::escape).collect();
                let pattern = Regex::new(&format!("^{}$", pieces.join("(.*?)")))
                    .expect("an escaped catalogue line is a valid pattern");
                patterns.push((english.replace("{}", "").len(), pattern, translated));
            } else {
                exact.insert(english, translated);
            }
        }
        patterns.sort_by_key(|(literal, ..)| std::cmp::Reverse(*literal));
        let patterns = patterns.into_iter().map(|(_, pattern, to)| (pattern, to)).collect();
        Self { exact, patterns }
    }

    fn word(&self, sentence: &str) -> Option<String> {
        if let Some(translated) = self.exact.get(sentence) {
            return Some((*translated).to_owned());
        }
        self.patterns.iter().find_map(|(pattern, translated)| {
            let values = pattern.captures(sentence)?;
            // One pass, so a value that looks like `{2}` is not filled in again.
            let filled = VALUE.replace_all(translated, |named: &regex::Captures| {
                let value = named[2].parse().ok().and_then(|n| values.get(n));
                let value = value.map_or("", |value| value.as_str());
                // A word of the server's own, or a whole sentence before the one added to it;
                // else the value as typed, isolated so that a name like "C++" or "Room (east)"
                // keeps its own reading order inside the Arabic.
                let word = named.get(1).and_then(|_| self.word(value));
                word.unwrap_or_else(|| isolated(value))
            });
            Some(filled.into_owned())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_the_first_accepted_one_the_app_speaks() {
        assert_eq!(Language::from_accept_language("ar"), Language::Arabic);
        assert_eq!(
            Language::from_accept_language("fr-FR, ar-SA;q=0.8, en;q=0.5"),
            Language::Arabic
        );
        assert_eq!(Language::from_accept_language("en-GB,en;q=0.9,ar;q=0.8"), Language::English);
        assert_eq!(Language::from_accept_language("ar;q=0, en"), Language::English);
        assert_eq!(Language::from_accept_language("ar;q=0.0, en"), Language::English);
        assert_eq!(Language::from_accept_language("de"), Language::English);
        assert_eq!(Language::from_accept_language(""), Language::English);
    }

    #[test]
    fn values_are_carried_over_and_words_among_them_translated() {
        let catalogue = Catalogue::parse(
            "# a comment\n\
             Saved.\tحُفظ.\n\
             Enter the {}.\tأدخل {word1}.\n\
             Enter the {} in pence.\tأدخل {word1} بالبنس.\n\
             A {} named '{}' already exists.\tيوجد {word1} باسم '{2}' بالفعل.\n\
             room\tغرفة\n",
        );
        assert_eq!(catalogue.word("Saved.").as_deref(), Some("حُفظ."));
        assert_eq!(
            catalogue.word("A room named 'Lobby' already exists.").as_deref(),
            Some("يوجد غرفة باسم '\u{2068}Lobby\u{2069}' بالفعل.")
        );
        // A name someone typed stays as it is, even when it is one of the words.
        assert_eq!(
            catalogue.word("A room named 'room' already exists.").as_deref(),
            Some("يوجد غرفة باسم '\u{2068}room\u{2069}' بالفعل.")
        );
        // The more particular pattern wins over the one that would also match.
        assert_eq!(
            catalogue.word("Enter the room in pence.").as_deref(),
            Some("أدخل غرفة بالبنس.")
        );
        // A word the catalogue lacks is carried over as it is, isolated as a value is.
        assert_eq!(
            catalogue.word("Enter the town.").as_deref(),
            Some("أدخل \u{2068}town\u{2069}.")
        );
        assert_eq!(catalogue.word("Something new."), None);
    }

    #[test]
    fn a_sentence_added_to_another_translates_both() {
        let catalogue = Catalogue::parse(
            "Room '{}' deleted.\tحُذفت الغرفة «{1}».\n\
             {} Schedule '{}' is left with no targets.\t{word1} وبقي الجدول «{2}» دون أهداف.\n",
        );
        assert_eq!(
            catalogue.word("Room 'Hall' deleted. Schedule 'Hall hours' is left with no targets."),
            Some(
                "حُذفت الغرفة «\u{2068}Hall\u{2069}». وبقي الجدول «\u{2068}Hall hours\u{2069}» دون أهداف."
                    .to_owned()
            )
        );
    }

    #[test]
    fn the_arabic_catalogue_refers_only_to_values_its_english_has() {
        let placeholder = Regex::new(r"\{(?:word)?(\d*)\}").unwrap();
        let text = include_str!("arabic.tsv");
        for line in text.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
            let (english, arabic) = line.split_once('\t').expect("a tab in every line");
            assert!(!arabic.contains('\t') && !arabic.trim().is_empty(), "{line:?}");
            let values = english.matches("{}").count();
            for found in placeholder.captures_iter(arabic) {
                let n: usize = found[1].parse().unwrap_or(0);
                assert!((1..=values).contains(&n), "{arabic:?} names a value {english:?} lacks");
            }
        }
        assert!(ARABIC.exact.len() + ARABIC.patterns.len() > 150);
    }

    #[tokio::test]
    async fn a_request_in_arabic_gets_arabic_and_english_stays_as_written() {
        let sentence = || for_reader("Some fields need correcting.".to_owned());
        assert_eq!(sentence(), "Some fields need correcting.");
        assert_eq!(answering_in(Language::English, async { sentence() }).await, sentence());
        let arabic = answering_in(Language::Arabic, async { sentence() }).await;
        assert!(arabic.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{arabic}");
    }
}
