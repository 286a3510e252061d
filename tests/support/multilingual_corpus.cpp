// Multilingual corpora (zh, ja, ru, de, en) with near-duplicates from character edits.
#include "tests/support/multilingual_corpus.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <random>
#include <string_view>
#include <utility>

namespace neardup::testing {
namespace {

using Text = std::u32string;

// ---- Inventories (UTF-8). Each list is roughly most frequent first. ----

// Chinese: words, function characters after some of them, short replies.
constexpr const char* kZhWords =
    "我们 公司 发展 技术 市场 经济 政府 社会 问题 工作 数据 服务 系统 管理 研究 国家 人民 "
    "历史 文化 教育 学生 老师 学校 城市 农村 环境 保护 能源 价格 产品 用户 网络 信息 安全 "
    "质量 标准 项目 计划 报告 会议 时间 今天 明天 昨天 已经 可以 需要 进行 提高 增加 减少 "
    "重要 主要 全面 加强 推动 实现 建设 改革 开放 合作 交流 国际 地区 企业 银行 投资 资金 "
    "消费 生产 制造 设备 医院 医生 病人 健康 疾病 药品 天气 温度 北京 上海 广州 深圳 铁路 "
    "航空 交通 道路 汽车 电话 手机 电脑 软件 硬件 程序 文件 邮件 地址 客户 订单 合同 法律 "
    "规定 政策 部门 领导 员工 团队 办公室 图书馆 大学 科学 自然 生活 家庭 朋友 孩子 父母 "
    "食品 水果 米饭 茶叶 咖啡 音乐 电影 新闻 体育 比赛 运动 旅游 酒店 机场 车站 春天 夏天 "
    "秋天 冬天 山区 河流 森林 动物 植物 服务器 数据库 互联网 人工智能 平台 方案 流程 审批 "
    "预算 成本 利润 收入 支出 税收 价格表 供应商 物流 仓库 库存 销售 采购 质量检查 通知 安排 "
    "讨论 决定 确认 检查 完成 开始 结束 继续 准备 提交 修改 更新 删除 发布 负责 支持 帮助 "
    "联系 回复 说明 要求 结果 情况 方面 过程 目标 任务 能力 水平 速度 规模 数量 长江 黄河 "
    "西湖 长城 故宫 熊猫 龙舟 月饼 饺子";
constexpr const char* kZhGlue = "的 了 在 和 是 也 都 就 与 对 将 把 被 从 为 很 更 最 又 还";
constexpr const char* kZhShort =
    "谢谢|好的|收到|你好|没问题|明白了|辛苦了|早上好|晚安|请稍等|已处理|同意";
// Japanese: nouns (kanji, katakana), particles after them, predicates ending sentences,
// short replies.
constexpr const char* kJaNouns =
    "会社 東京 大阪 日本 情報 技術 開発 研究 会議 資料 予定 確認 連絡 担当 部長 社員 顧客 "
    "注文 商品 価格 品質 管理 設定 変更 作成 送信 受信 検索 表示 画面 機能 問題 対応 結果 "
    "報告 説明 必要 場合 時間 今日 明日 天気 電車 駅 学校 先生 学生 病院 家族 友達 料理 映画 "
    "音楽 旅行 季節 桜 雪 海 山 川 京都 名古屋 北海道 富士山 新幹線 空港 銀行 契約 請求書 "
    "見積 納期 在庫 出荷 営業 経理 総務 人事 会計 予算 売上 利益 費用 年度 計画 目標 課題 "
    "改善 提案 承認 申請 手続き 書類 番号 住所 電話 返事 お客様 ご連絡 ご確認 ご案内 "
    "お知らせ お問い合わせ コンピュータ サーバー データ システム ネットワーク ソフトウェア "
    "プログラム メール ファイル ユーザー パスワード ログイン アカウント サービス "
    "プロジェクト ミーティング スケジュール レポート テスト デザイン マーケティング ホテル "
    "レストラン コーヒー テレビ カメラ バス タクシー ガス エネルギー ビジネス グループ "
    "チーム データベース バージョン ダウンロード キャンペーン セミナー イベント ガイドライン "
    "ドキュメント ゲーム";
constexpr const char* kJaParticles =
    "は が を に で と の も から まで より へ について として による など では には でも "
    "だけ";
constexpr const char* kJaEndings =
    "です でした ます ました ません します しました しています されました できます ください "
    "お願いします 予定です 必要です 確認しました 送ります ございます でしょう となります "
    "いたします 決まりました 始まります 遅れています 届きました";
constexpr const char* kJaShort =
    "はい|了解です|ありがとうございます|お疲れ様です|よろしくお願いします|承知しました|"
    "おはようございます|大丈夫です|すみません|確認します|いいですね|ごめんなさい";
// Russian, German, English: words (capitalized where the language does so), short replies.
constexpr const char* kRuWords =
    "и в не на что с по это как для к из от о мы они он она все так его но уже или за до при "
    "также только если был была были будет может можно нужно очень ещё всё её год года время "
    "день работа работы компания компании отчёт данные система сервер сеть вопрос ответ "
    "решение проект план бюджет договор цена рынок клиент заказ услуга документ письмо "
    "встреча совещание неделя месяц утро вечер сегодня завтра вчера город страна область "
    "район улица дом школа университет студент учитель врач больница здоровье погода зима "
    "лето весна осень снег дождь река лес поле море новый новая новые большой большая "
    "маленький хороший плохой старый молодой важный главный рабочий московский российский "
    "последний первый второй третий каждый который которая которые такой свой мой наш ваш "
    "этот тот другой сделать делать работать говорить сказать знать думать смотреть видеть "
    "писать читать получить отправить проверить обсудить подготовить утвердить решить начать "
    "закончить продолжить объём учёт самолёт поезд вокзал аэропорт билет гостиница ресторан "
    "кофе чай хлеб молоко магазин деньги рублей банк кредит налог закон суд правительство "
    "министерство директор руководитель сотрудник команда отдел офис здание этаж комната "
    "телефон адрес почта программа файл версия обновление ошибка проблема задача результат "
    "процесс контроль качество безопасность энергия газ нефть электричество Москва Россия "
    "Петербург Сибирь Иван Мария Волга Казань Новосибирск Сергей Анна Пётр история культура "
    "музей театр книга журнал статья новость событие семья друг дети родители жизнь мир "
    "человек люди вместе потом сейчас здесь там почему когда где много мало быстро медленно "
    "хорошо плохо спокойно должен должны готов готовы согласен давно скоро снова наконец "
    "всегда";
constexpr const char* kRuShort =
    "Спасибо|Хорошо|До завтра|Понял|Договорились|Привет|Добрый день|Всё в порядке|Жду ответа|"
    "С уважением|Отлично|Да, конечно";
constexpr const char* kDeWords =
    "der die das und in zu den von mit ist auf für nicht sich des ein eine dem als auch es "
    "an werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über einen "
    "so zum war haben nur oder aber vor zur bis mehr durch man können müssen sollen dürfen "
    "würde hätte wäre schon sehr heute morgen gestern früh spät groß größer klein schön weiß "
    "süß heiß gemäß natürlich möglich wichtig öffentlich zuständig gültig täglich jährlich "
    "ungefähr bezüglich Straße Größe Übersicht Prüfung Bürger Gebäude Schlüssel Äpfel "
    "Mädchen Öffnungszeiten Änderung Lösung Gespräch Bestätigung Grüße Fußball Maßnahme "
    "Gemüse Frühstück Büro Bürgermeister Führung Unterstützung Überweisung Rückmeldung "
    "Verfügung Ausführung Gebühr Behörde Stadt Land Haus Wohnung Miete Vertrag Rechnung "
    "Zahlung Konto Bank Kunde Kunden Auftrag Bestellung Lieferung Ware Preis Angebot Termin "
    "Besprechung Woche Monat Jahr Tag Zeit Arbeit Firma Unternehmen Mitarbeiter Abteilung "
    "Leitung Projekt Bericht Daten System Server Netzwerk Datei Version Fehler Problem Frage "
    "Antwort Ergebnis Zugang Passwort Sicherheit Energie Strom Gas Wasser Heizung Wetter "
    "Regen Schnee Sommer Winter Frühling Herbst Bahn Zug Bahnhof Flughafen Fahrkarte Hotel "
    "Zimmer Gäste Familie Kinder Eltern Schule Lehrer Schüler Universität Studium Gesundheit "
    "Arzt Krankenhaus Apotheke Berlin München Hamburg Köln Düsseldorf Nürnberg Zürich "
    "Österreich Deutschland Müller Schäfer Jürgen Käthe bitte danke gern leider jetzt hier "
    "dort immer nie oft wieder zusammen bereits außerdem trotzdem deshalb während wegen ohne "
    "gegen zwischen unter prüfen ändern lösen führen wählen zählen erklären erhöhen gehören "
    "hören fühlen schließen genießen begrüßen vergrößern beschließen liefern bestellen "
    "bezahlen arbeiten schreiben lesen senden erhalten besprechen planen neue neuen alte "
    "erste letzte nächste gute guten kurze lange";
constexpr const char* kDeShort =
    "Danke schön|Alles klar|Bis morgen|Viele Grüße|Guten Morgen|Kein Problem|Erledigt|"
    "Gern geschehen|Schönes Wochenende|Passt|Bis später|Tschüß";
constexpr const char* kEnWords =
    "the of and to in a is that for it as was with be by on not this are or from at which "
    "but have an had they you were their one all we can her has there been if more when will "
    "would who so no it’s don’t we’re isn’t can’t won’t they’ll we’ve I’m you’re doesn’t "
    "didn’t company’s team’s customer’s today’s system data server cluster network memory "
    "process file record report meeting project schedule budget review message customer "
    "order service manual install config option value default error warning result output "
    "input table index query update version release patch kernel driver device module "
    "package library function Monday Tuesday Friday morning evening week month year today "
    "tomorrow please thanks regards attached document draft final contract agreement price "
    "market energy power trading risk credit account team group office building floor room "
    "call phone email address question answer issue problem solution change request approval "
    "policy rule law state city country business people time first last next new old good "
    "great small large long short high low early late open close start stop run read write "
    "send receive check test build make café résumé naïve façade protégé cliché décor "
    "fiancée rôle entrée déjà soirée London Paris Zürich São Montréal José Chloë Renée "
    "garden river mountain weather rain summer winter school teacher student hospital doctor "
    "health family children friend music film book article news history culture museum "
    "theatre coffee tea bread shop money bank tax court government minister director manager "
    "staff department quickly slowly really always never often again together already "
    "however therefore because while without against between under";
constexpr const char* kEnShort =
    "Thanks|OK|Sounds good|See you tomorrow|Got it|Thank you very much|Will do|Noted|"
    "Good morning|Let’s talk later|No problem|Done";

// Boilerplate every language shares: English with Chinese and Japanese.
constexpr const char* kFooters[] = {
    "This email and any attachments are confidential and intended solely for the addressee. "
    "本邮件及其附件含有保密信息，仅限于发送给上面地址中列出的个人或群组。",
    "Sent from the mobile office app — please excuse typos. 来自移动办公客户端。"
    "モバイルオフィスから送信されました。"};

constexpr const char* kLanguages[] = {"zh", "ja", "ru", "de", "en"};

// How a language's text is written. Inventories are space-separated (short phrases: '|').
struct Language {
  const char* code;
  bool unspaced;      // Chinese, Japanese: no spaces, lengths and edits in characters
  const char* words;  // content words, most frequent first
  const char* glue;   // particles or function characters after a word, with glue_chance
  double glue_chance;
  const char* endings;  // end every sentence (Japanese predicates)
  const char* short_phrases;
  const char* letters;  // what an alphabetic edit inserts or substitutes ("": CJK inventory)
  const char* comma;
  const char* stop;
  const char* open_quote;
  const char* close_quote;
  const char* dash;
};

constexpr Language kLanguageRules[] = {{.code = "zh",
                                        .unspaced = true,
                                        .words = kZhWords,
                                        .glue = kZhGlue,
                                        .glue_chance = 0.3,
                                        .endings = "",
                                        .short_phrases = kZhShort,
                                        .letters = "",
                                        .comma = "，",
                                        .stop = "。",
                                        .open_quote = "“",
                                        .close_quote = "”",
                                        .dash = "——"},
                                       {.code = "ja",
                                        .unspaced = true,
                                        .words = kJaNouns,
                                        .glue = kJaParticles,
                                        .glue_chance = 0.85,
                                        .endings = kJaEndings,
                                        .short_phrases = kJaShort,
                                        .letters = "",
                                        .comma = "、",
                                        .stop = "。",
                                        .open_quote = "「",
                                        .close_quote = "」",
                                        .dash = "——"},
                                       {.code = "ru",
                                        .unspaced = false,
                                        .words = kRuWords,
                                        .glue = "",
                                        .glue_chance = 0,
                                        .endings = "",
                                        .short_phrases = kRuShort,
                                        .letters = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                                        .comma = ",",
                                        .stop = ".",
                                        .open_quote = "«",
                                        .close_quote = "»",
                                        .dash = " — "},
                                       {.code = "de",
                                        .unspaced = false,
                                        .words = kDeWords,
                                        .glue = "",
                                        .glue_chance = 0,
                                        .endings = "",
                                        .short_phrases = kDeShort,
                                        .letters = "abcdefghijklmnopqrstuvwxyzäöüß",
                                        .comma = ",",
                                        .stop = ".",
                                        .open_quote = "„",
                                        .close_quote = "“",
                                        .dash = " – "},
                                       {.code = "en",
                                        .unspaced = false,
                                        .words = kEnWords,
                                        .glue = "",
                                        .glue_chance = 0,
                                        .endings = "",
                                        .short_phrases = kEnShort,
                                        .letters = "abcdefghijklmnopqrstuvwxyz",
                                        .comma = ",",
                                        .stop = ".",
                                        .open_quote = "“",
                                        .close_quote = "”",
                                        .dash = " — "}};

static_assert(std::size(kLanguages) == std::size(kLanguageRules));

// ---- UTF-8 and character classes ----

Text decode(std::string_view s) {
  Text out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t c = n == 1 ? b : n == 2 ? (b & 0x1Fu) : n == 3 ? (b & 0x0Fu) : (b & 0x07u);
    for (std::size_t k = 1; k < n; ++k)
      c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    out += c;
    i += n;
  }
  return out;
}

std::string encode(const Text& t) {
  std::string out;
  const auto put = [&out](char32_t bits) { out += static_cast<char>(bits); };
  for (const char32_t c : t) {
    if (c < 0x80) {
      put(c);
    } else if (c < 0x800) {
      put(0xC0 | (c >> 6));
      put(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      put(0xE0 | (c >> 12));
      put(0x80 | ((c >> 6) & 0x3F));
      put(0x80 | (c & 0x3F));
    } else {
      put(0xF0 | (c >> 18));
      put(0x80 | ((c >> 12) & 0x3F));
      put(0x80 | ((c >> 6) & 0x3F));
      put(0x80 | (c & 0x3F));
    }
  }
  return out;
}

// A Han, hiragana or katakana character (the prolonged sound mark excluded): what a CJK edit
// changes.
bool is_cjk(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3041 && c <= 0x3096) ||
         (c >= 0x30A1 && c <= 0x30FA);
}

bool is_letter(char32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) || (c >= 0x400 && c <= 0x4FF) ||
         is_cjk(c);
}

// Upper case of the Latin-1 and Cyrillic letters the inventories use; ß becomes "SS".
Text upper(char32_t c) {
  if (c == U'ß') return U"SS";
  if ((c >= 'a' && c <= 'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7) ||
      (c >= 0x430 && c <= 0x44F)) {
    return Text(1, c - 0x20);
  }
  if (c >= 0x450 && c <= 0x45F) return Text(1, c - 0x50);
  return Text(1, c);
}

char32_t lower(char32_t c) {
  if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7) ||
      (c >= 0x410 && c <= 0x42F)) {
    return c + 0x20;
  }
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;
  return c;
}

// A precomposed character and its canonical decomposition (base, combining mark).
struct Decomposition {
  char32_t composed, base, mark;
};

std::vector<Decomposition> decompositions() {
  std::vector<Decomposition> table;
  const auto add = [&table](std::u32string_view composed, std::u32string_view bases,
                            char32_t mark) {
    for (std::size_t i = 0; i < composed.size(); ++i)
      table.push_back({composed[i], bases[i], mark});
  };
  add(U"àèùÀÈÙ", U"aeuAEU", 0x300);
  add(U"áéÁÉ", U"aeAE", 0x301);
  add(U"âêîôûÂÊÎÔÛ", U"aeiouAEIOU", 0x302);
  add(U"ãñÃÑ", U"anAN", 0x303);
  add(U"äëïöüÄËÏÖÜ", U"aeiouAEIOU", 0x308);
  add(U"çÇ", U"cC", 0x327);
  add(U"йЙ", U"иИ", 0x306);
  add(U"ёЁ", U"еЕ", 0x308);
  add(U"がぎぐげござじずぜぞだぢづでどばびぶべぼ", U"かきくけこさしすせそたちつてとはひふへほ",
      0x3099);
  add(U"ぱぴぷぺぽ", U"はひふへほ", 0x309A);
  add(U"ガギグゲゴザジズゼゾダヂヅデドバビブベボ", U"カキクケコサシスセソタチツテトハヒフヘホ",
      0x3099);
  add(U"パピプペポ", U"ハヒフヘホ", 0x309A);
  return table;
}

// ---- A language's inventories, decoded ----

std::vector<Text> split(std::string_view list, char separator) {
  std::vector<Text> out;
  for (std::size_t at = 0; at < list.size();) {
    const std::size_t end = std::min(list.find(separator, at), list.size());
    out.push_back(decode(list.substr(at, end - at)));
    at = end + 1;
  }
  return out;
}

struct Vocabulary {
  explicit Vocabulary(const Language& rules)
      : lang(rules),
        words(split(rules.words, ' ')),
        glue(split(rules.glue, ' ')),
        endings(split(rules.endings, ' ')),
        short_phrases(split(rules.short_phrases, '|')),
        alphabet(decode(rules.letters)) {
    if (!lang.unspaced) return;
    // CJK edits draw from every Han and kana character of the inventories.
    for (const std::vector<Text>* list : {&words, &glue, &endings}) {
      for (const Text& w : *list) {
        for (const char32_t c : w) {
          if (is_cjk(c) && alphabet.find(c) == Text::npos) alphabet += c;
        }
      }
    }
  }

  const Language& lang;
  std::vector<Text> words, glue, endings, short_phrases;
  Text alphabet;  // what an edit inserts or substitutes
};

// ---- Randomness ----

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine(seed) {}

  std::size_t pick(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(engine);
  }
  std::size_t between(std::size_t lo, std::size_t hi) {
    return std::uniform_int_distribution<std::size_t>(lo, hi)(engine);
  }
  double unit() { return std::uniform_real_distribution<double>(0.0, 1.0)(engine); }
  bool chance(double p) { return unit() < p; }
  // An element favouring the front of the list: the square of a uniform draw.
  const Text& from(const std::vector<Text>& list) {
    const double u = unit();
    const auto at = static_cast<std::size_t>(u * u * static_cast<double>(list.size()));
    return list[std::min(list.size() - 1, at)];
  }

  std::mt19937_64 engine;
};

// ---- Base documents ----

std::size_t cjk_count(const Text& t) {
  return static_cast<std::size_t>(std::count_if(t.begin(), t.end(), is_cjk));
}

// A number, a year or a product code made of ASCII letters and digits.
Text number_or_code(Rng& r) {
  char buffer[32];
  switch (r.pick(3)) {
    case 0:
      std::snprintf(buffer, sizeof buffer, "%zu", r.between(2, 999));
      break;
    case 1:
      std::snprintf(buffer, sizeof buffer, "%zu", r.between(1990, 2030));
      break;
    default:
      std::snprintf(buffer, sizeof buffer, "%c%c%zu", static_cast<char>('A' + r.pick(26)),
                    static_cast<char>('A' + r.pick(26)), r.between(10, 9999));
  }
  return decode(buffer);
}

// One sentence of `words` words, some of them numbers or codes, with commas or dashes, a
// quoted stretch and the language's particles and predicates; `units` grows by its words
// (alphabetic) or its CJK characters.
Text sentence(const Vocabulary& v, std::size_t words, Rng& r, std::size_t& units) {
  const Language& lang = v.lang;
  Text s;
  const std::size_t quote_at = r.chance(0.15) && words > 4 ? r.between(1, words - 3) : words;
  for (std::size_t i = 0; i < words; ++i) {
    if (i > 0 && r.chance(0.08)) {
      s += decode(r.chance(0.3) && !lang.unspaced ? lang.dash : lang.comma);
    }
    if (i > 0 && !lang.unspaced && s.back() != U' ') s += U' ';
    if (i == quote_at) s += decode(lang.open_quote);
    const bool number = r.chance(lang.unspaced ? 0.06 : 0.03);
    Text word = number ? number_or_code(r) : r.from(v.words);
    if (i == 0 && !lang.unspaced) word = upper(word[0]) + word.substr(1);
    s += word;
    if (!v.glue.empty() && r.chance(lang.glue_chance)) s += r.from(v.glue);
    if (i == quote_at + 2) s += decode(lang.close_quote);
    units += lang.unspaced ? 0 : 1;
  }
  if (!v.endings.empty()) s += r.from(v.endings);
  units += lang.unspaced ? cjk_count(s) : 0;
  const char* stops[] = {lang.stop, lang.stop, lang.stop, lang.unspaced ? "！" : "!",
                         lang.unspaced ? "？" : "?"};
  return s + decode(stops[r.pick(std::size(stops))]);
}

// Prose of about `length` units in paragraphs of 1-5 sentences; `units` gets the count.
Text prose(const Vocabulary& v, std::size_t length, Rng& r, std::size_t& units) {
  Text text;
  units = 0;
  const std::size_t per_word = v.lang.unspaced ? 2 : 1;
  std::size_t in_paragraph = 0, paragraph = r.between(1, 5);
  while (units < length) {
    const std::size_t words = std::max<std::size_t>(
        2, std::min(r.between(4, 16), (length - units + per_word - 1) / per_word));
    const Text s = sentence(v, words, r, units);
    if (in_paragraph == paragraph) {
      text += U'\n';
      in_paragraph = 0;
      paragraph = r.between(1, 5);
    } else if (!text.empty() && !v.lang.unspaced) {
      text += U' ';
    }
    text += s;
    ++in_paragraph;
  }
  return text;
}

// ---- Changes the Unicode tokenizer must ignore; each says whether it changed anything ----

// Everything upper case, everything lower case, or a third of the words upper case.
bool change_case(Text& t, Rng& r) {
  const std::size_t mode = r.pick(3);
  Text out;
  bool word_upper = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (is_letter(t[i]) && (i == 0 || !is_letter(t[i - 1]))) word_upper = r.chance(0.33);
    const bool up = mode == 0 || (mode == 2 && word_upper);
    out += up ? upper(t[i]) : mode == 1 ? Text(1, lower(t[i])) : Text(1, t[i]);
  }
  const bool changed = out != t;
  t = std::move(out);
  return changed;
}

// Every precomposed letter decomposed (NFD), or each with probability one half.
bool decompose(Text& t, Rng& r) {
  static const std::vector<Decomposition> table = decompositions();
  const bool all = r.chance(0.5);
  Text out;
  for (const char32_t c : t) {
    const auto it = std::find_if(table.begin(), table.end(),
                                 [c](const Decomposition& d) { return d.composed == c; });
    if (it != table.end() && (all || r.chance(0.5))) {
      out += it->base;
      out += it->mark;
    } else {
      out += c;
    }
  }
  const bool changed = out != t;
  t = std::move(out);
  return changed;
}

// ASCII letters and digits made full-width (U+FF01..U+FF5E), all of them or about half.
bool widen(Text& t, Rng& r) {
  const bool all = r.chance(0.5);
  bool changed = false;
  for (char32_t& c : t) {
    const bool alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (alnum && (all || r.chance(0.5))) {
      c += 0xFEE0;
      changed = true;
    }
  }
  return changed;
}

// Spaces made U+00A0 or U+3000 (all one or mixed); in CJK text an ideographic space added
// after sentence ends and at paragraph starts.
bool respace(Text& t, Rng& r) {
  const std::size_t mode = r.pick(3);
  Text out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char32_t c = t[i];
    if (c == U' ') {
      out += mode == 0 ? U'\u00A0' : mode == 1 ? U'\u3000' : r.chance(0.5) ? U'\u00A0' : U'\u3000';
      continue;
    }
    out += c;
    const bool sentence_end = c == U'。' || c == U'！' || c == U'？';
    if ((sentence_end && i + 1 < t.size() && t[i + 1] != U'\n') || c == U'\n') out += U'\u3000';
  }
  const bool changed = out != t;
  t = std::move(out);
  return changed;
}

// Typographic quotes, apostrophes, dashes and full-width punctuation made ASCII.
bool plain_punctuation(Text& t, Rng&) {
  static const std::pair<char32_t, std::u32string_view> map[] = {
      {U'’', U"'"},  {U'‘', U"'"},   {U'“', U"\""},  {U'”', U"\""}, {U'„', U"\""}, {U'«', U"\""},
      {U'»', U"\""}, {U'「', U"\""}, {U'」', U"\""}, {U'—', U"-"},  {U'–', U"-"},  {U'，', U","},
      {U'。', U"."}, {U'、', U","},  {U'！', U"!"},  {U'？', U"?"}};
  Text out;
  for (const char32_t c : t) {
    const auto* it =
        std::find_if(std::begin(map), std::end(map), [c](const auto& m) { return m.first == c; });
    if (it != std::end(map)) {
      out += it->second;
    } else {
      out += c;
    }
  }
  const bool changed = out != t;
  t = std::move(out);
  return changed;
}

struct Invisible {
  const char* name;
  bool (*apply)(Text&, Rng&);
};
constexpr Invisible kInvisible[] = {{"case", change_case},
                                    {"nfd", decompose},
                                    {"width", widen},
                                    {"space", respace},
                                    {"punct", plain_punctuation}};

// Applies up to `count` distinct invisible changes that alter `t`, in random order; returns
// their names joined by '+' ("" when none applied).
std::string apply_invisible(Text& t, std::size_t count, Rng& r) {
  std::size_t order[std::size(kInvisible)];
  for (std::size_t i = 0; i < std::size(order); ++i) order[i] = i;
  std::shuffle(std::begin(order), std::end(order), r.engine);
  std::string names;
  for (std::size_t k = 0, applied = 0; k < std::size(order) && applied < count; ++k) {
    const Invisible& change = kInvisible[order[k]];
    if (!change.apply(t, r)) continue;
    names += (names.empty() ? "" : "+") + std::string(change.name);
    ++applied;
  }
  return names;
}

// ---- Character edits ----

// `count` edits, each substituting, inserting before or deleting one character: a Han or
// kana character in CJK text, a letter with letters on both sides elsewhere.
void edit_characters(Text& t, const Vocabulary& v, std::size_t count, Rng& r) {
  const Text& alphabet = v.alphabet;
  std::vector<std::size_t> sites;
  for (std::size_t e = 0; e < count; ++e) {
    sites.clear();
    for (std::size_t i = 1; i + 1 < t.size(); ++i) {
      const bool inside = is_letter(t[i]) && is_letter(t[i - 1]) && is_letter(t[i + 1]);
      if (v.lang.unspaced ? is_cjk(t[i]) : inside) sites.push_back(i);
    }
    if (sites.empty()) return;
    const std::size_t at = sites[r.pick(sites.size())];
    char32_t letter = alphabet[r.pick(alphabet.size())];
    switch (r.pick(3)) {
      case 0:
        while (letter == t[at]) letter = alphabet[r.pick(alphabet.size())];
        t[at] = letter;
        break;
      case 1:
        t.insert(at, 1, letter);
        break;
      default:
        t.erase(at, 1);
    }
  }
}

// ---- Groups of documents ----

// A member of a group: its text and the changes that made it from the base.
struct Member {
  Text text;
  std::string changes;
};

// The base and `count` variants of it. A variant starts from the base or, a quarter of the
// time, from an earlier member, and adds: an exact copy (10%), 1-2 invisible changes (35%), or
// character edits (more often few than many: up to one per 8 units), sometimes followed by an
// invisible change.
std::vector<Member> planted(const Vocabulary& v, const Text& base, std::size_t units,
                            std::size_t count, Rng& r) {
  std::vector<Member> members{{base, "base"}};
  for (std::size_t k = 0; k < count; ++k) {
    const Member& from = r.chance(0.25) ? members[r.pick(members.size())] : members[0];
    Member m{from.text, from.changes == "base" ? "" : from.changes};
    const double kind = r.unit();
    std::string added;
    if (kind < 0.1) {
      added = "copy";
    } else if (kind < 0.45) {
      added = apply_invisible(m.text, r.between(1, 2), r);
    } else {
      const double u = r.unit();
      const std::size_t edits =
          1 + static_cast<std::size_t>(u * u * static_cast<double>(units) / 8);
      edit_characters(m.text, v, edits, r);
      added = "edit" + std::to_string(edits);
      const std::string more = r.chance(0.4) ? apply_invisible(m.text, 1, r) : "";
      if (!more.empty()) added += "+" + more;
    }
    if (added.empty()) added = "copy";
    m.changes += (m.changes.empty() ? "" : "+") + added;
    members.push_back(std::move(m));
  }
  return members;
}

// One or two greetings or acknowledgements, each with its full stop or exclamation mark.
Text short_text(const Vocabulary& v, Rng& r) {
  const auto phrase = [&] {
    const char* mark = r.chance(0.5) ? v.lang.stop : v.lang.unspaced ? "！" : "!";
    return r.from(v.short_phrases) + decode(mark);
  };
  Text t = phrase();
  if (r.chance(0.4)) t += (v.lang.unspaced ? U"" : U" ") + phrase();
  return t;
}

void add_group(const Language& lang, const std::string& group, std::size_t number,
               const std::vector<Member>& members, std::vector<GeneratedDoc>& docs) {
  for (std::size_t m = 0; m < members.size(); ++m) {
    docs.push_back(
        {std::string(lang.code) + "-" + group + "-" + std::to_string(m) + "-" + members[m].changes,
         encode(members[m].text), number});
  }
}

// The base documents (with their variants) and the short documents of one language.
void add_language(const MultilingualSpec& spec, std::size_t index, Rng& r,
                  std::vector<GeneratedDoc>& docs) {
  const Vocabulary v(kLanguageRules[index]);
  const double lo = std::log(static_cast<double>(spec.min_length));
  const double hi = std::log(static_cast<double>(spec.max_length));
  char group[32];
  for (std::size_t g = 0; g < spec.base_docs; ++g) {
    const auto length = static_cast<std::size_t>(std::exp(lo + (hi - lo) * r.unit()));
    std::size_t units = 0;
    Text base = prose(v, length, r, units);
    if (units >= 150 && r.chance(spec.footer_fraction)) {
      base += U"\n--\n" + decode(kFooters[r.pick(std::size(kFooters))]);
    }
    const std::size_t count = r.chance(spec.planted_fraction) ? r.between(1, spec.max_variants) : 0;
    std::snprintf(group, sizeof group, "%04zu", g);
    add_group(v.lang, group, index * 100000 + g, planted(v, base, units, count, r), docs);
  }
  for (std::size_t s = 0; s < spec.short_docs; ++s) {
    std::vector<Member> members{{short_text(v, r), "base"}};
    if (r.chance(1.0 / 3)) {
      Member variant = members[0];
      variant.changes = apply_invisible(variant.text, 1, r);
      if (variant.changes.empty()) variant.changes = "copy";
      members.push_back(std::move(variant));
    }
    std::snprintf(group, sizeof group, "s%03zu", s);
    add_group(v.lang, group, index * 100000 + 50000 + s, members, docs);
  }
}

}  // namespace

std::span<const char* const> multilingual_languages() { return kLanguages; }

std::vector<GeneratedDoc> generate_multilingual_corpus(const MultilingualSpec& spec) {
  Rng r(spec.seed);
  std::vector<GeneratedDoc> docs;
  for (std::size_t index = 0; index < std::size(kLanguageRules); ++index) {
    add_language(spec, index, r, docs);
  }
  std::shuffle(docs.begin(), docs.end(), r.engine);
  return docs;
}

std::string changes_of(const std::string& id) { return id.substr(id.rfind('-') + 1); }

bool is_invisible_variant(const std::string& id) {
  const std::string changes = changes_of(id);
  return changes != "base" && changes.find("edit") == std::string::npos;
}

}  // namespace neardup::testing
