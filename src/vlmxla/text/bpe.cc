#include "vlmxla/text/bpe.h"

#include <algorithm>
#include <cstdio>
#include <queue>

#include "vlmxla/text/byte_level.h"

namespace vlmxla::text {
namespace {

Status Bad(const std::string& what) {
  return InvalidArgument("tokenizer.json: BPE model " + what, "tokenizer_json");
}

struct Symbol {
  int32_t id;
  int prev;
  int next;
  bool alive;
};

struct QueuedMerge {
  uint32_t rank;
  int pos;
  int32_t new_id;
  // std::priority_queue pops the largest: lowest rank first, then leftmost position.
  bool operator<(const QueuedMerge& o) const {
    if (rank != o.rank) return rank > o.rank;
    return pos > o.pos;
  }
};

}  // namespace

Result<BpeModel> BpeModel::FromJson(const nlohmann::json& j) {
  BpeModel m;
  if (!j.contains("vocab") || !j["vocab"].is_object()) return Bad("has no \"vocab\" object");
  auto dropout = j.value("dropout", nlohmann::json());
  if (dropout.is_number() && dropout.get<double>() != 0.0) {
    return Unimplemented("tokenizer.json: BPE dropout is not supported",
                         "unsupported_tokenizer_component");
  }
  for (const char* key : {"continuing_subword_prefix", "end_of_word_suffix"}) {
    auto v = j.value(key, nlohmann::json());
    if (v.is_string() && !v.get<std::string>().empty()) {
      return Unimplemented(std::string("tokenizer.json: BPE ") + key + " is not supported",
                           "unsupported_tokenizer_component");
    }
  }
  m.vocab_.reserve(j["vocab"].size());
  for (const auto& [token, id] : j["vocab"].items()) {
    if (!id.is_number_integer()) return Bad("vocab entry \"" + token + "\" has a non-integer id");
    const int32_t v = id.get<int32_t>();
    m.vocab_[token] = v;
    m.vocab_r_[v] = token;
    m.max_id_ = std::max(m.max_id_, v);
  }
  const auto& merges = j.value("merges", nlohmann::json::array());
  m.merges_.reserve(merges.size());
  for (size_t rank = 0; rank < merges.size(); ++rank) {
    const auto& e = merges[rank];
    std::string a, b;
    if (e.is_string()) {
      const std::string s = e;
      const size_t sp = s.find(' ');
      if (sp == std::string::npos || s.find(' ', sp + 1) != std::string::npos) {
        return Bad("merge " + std::to_string(rank) + " (\"" + s + "\") is not \"a b\"");
      }
      a = s.substr(0, sp);
      b = s.substr(sp + 1);
    } else if (e.is_array() && e.size() == 2 && e[0].is_string() && e[1].is_string()) {
      a = e[0];
      b = e[1];
    } else {
      return Bad("merge " + std::to_string(rank) + " is neither \"a b\" nor [a, b]");
    }
    auto ia = m.vocab_.find(a), ib = m.vocab_.find(b), in = m.vocab_.find(a + b);
    if (ia == m.vocab_.end() || ib == m.vocab_.end() || in == m.vocab_.end()) {
      return Bad("merge " + std::to_string(rank) + " (\"" + a + "\", \"" + b +
                 "\") uses a token missing from the vocab");
    }
    // Later duplicates override earlier ones, as in tokenizers' HashMap collect.
    m.merges_[PairKey(ia->second, ib->second)] = {static_cast<uint32_t>(rank), in->second};
  }
  const auto unk = j.value("unk_token", nlohmann::json());
  if (unk.is_string()) {
    auto it = m.vocab_.find(unk.get<std::string>());
    if (it == m.vocab_.end()) {
      return Bad("unk_token \"" + unk.get<std::string>() + "\" is not in the vocab");
    }
    m.unk_id_ = it->second;
  }
  m.fuse_unk_ = j.value("fuse_unk", false);
  m.byte_fallback_ = j.value("byte_fallback", false);
  m.ignore_merges_ = j.value("ignore_merges", false);
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof(name), "<0x%02X>", b);
    auto it = m.vocab_.find(name);
    m.byte_ids_[b] = it == m.vocab_.end() ? -1 : it->second;
  }
  return m;
}

std::optional<size_t> BpeModel::MaxWordBytesPerId(bool byte_level_words) const {
  bool all_bytes = byte_fallback_;
  for (int b = 0; b < 256 && all_bytes; ++b) all_bytes = byte_ids_[b] >= 0;
  bool all_byte_level = byte_level_words;
  for (int b = 0; b < 256 && all_byte_level; ++b) {
    all_byte_level = vocab_.count(ByteLevelChar(static_cast<uint8_t>(b))) > 0;
  }
  // Which characters reach the <unk> branch of Tokenize: none when every one is in the vocabulary
  // or falls back to bytes.
  const bool unk_reachable = !all_bytes && !all_byte_level;
  if (unk_reachable && (!unk_id_ || fuse_unk_)) return std::nullopt;
  size_t longest = 4;
  for (const auto& [token, id] : vocab_) longest = std::max(longest, token.size());
  return longest;
}

std::optional<int32_t> BpeModel::TokenToId(std::string_view token) const {
  auto it = vocab_.find(std::string(token));
  if (it == vocab_.end()) return std::nullopt;
  return it->second;
}

const std::string* BpeModel::IdToToken(int32_t id) const {
  auto it = vocab_r_.find(id);
  return it == vocab_r_.end() ? nullptr : &it->second;
}

void BpeModel::Tokenize(std::string_view word, std::vector<int32_t>* ids) const {
  if (word.empty()) return;
  if (ignore_merges_) {
    if (auto id = TokenToId(word)) {
      ids->push_back(*id);
      return;
    }
  }
  // Initial symbols: one per character, or its <0xNN> bytes, or the (fused) unknown token.
  std::vector<Symbol> symbols;
  symbols.reserve(word.size());
  auto add = [&symbols](int32_t id) {
    const int n = static_cast<int>(symbols.size());
    symbols.push_back({id, n - 1, n + 1, true});
  };
  int32_t pending_unk = -1;  // an unknown token not yet added (fuse_unk grows it)
  std::string ch;
  for (size_t i = 0; i < word.size();) {
    size_t len = 1;
    const uint8_t lead = static_cast<uint8_t>(word[i]);
    if (lead >= 0xF0)
      len = 4;
    else if (lead >= 0xE0)
      len = 3;
    else if (lead >= 0xC0)
      len = 2;
    ch.assign(word.substr(i, len));
    i += len;
    auto it = vocab_.find(ch);
    if (it != vocab_.end()) {
      if (pending_unk >= 0) add(pending_unk);
      pending_unk = -1;
      add(it->second);
      continue;
    }
    if (byte_fallback_) {
      bool all = true;
      for (char c : ch) all = all && byte_ids_[static_cast<uint8_t>(c)] >= 0;
      if (all) {
        // tokenizers does not flush a pending unknown token here; neither do we.
        for (char c : ch) add(byte_ids_[static_cast<uint8_t>(c)]);
        continue;
      }
    }
    if (unk_id_) {
      if (pending_unk >= 0 && !fuse_unk_) add(pending_unk);
      if (pending_unk < 0 || !fuse_unk_) pending_unk = *unk_id_;
    }
  }
  if (pending_unk >= 0) add(pending_unk);
  if (symbols.empty()) return;
  symbols.back().next = -1;

  std::priority_queue<QueuedMerge> queue;
  for (size_t i = 0; i + 1 < symbols.size(); ++i) {
    auto it = merges_.find(PairKey(symbols[i].id, symbols[i + 1].id));
    if (it != merges_.end()) queue.push({it->second.rank, static_cast<int>(i), it->second.new_id});
  }
  while (!queue.empty()) {
    const QueuedMerge top = queue.top();
    queue.pop();
    Symbol& left = symbols[top.pos];
    if (!left.alive || left.next < 0) continue;
    Symbol& right = symbols[left.next];
    // Skip stale entries: the pair at this position changed since it was queued.
    auto it = merges_.find(PairKey(left.id, right.id));
    if (it == merges_.end() || it->second.new_id != top.new_id) continue;
    left.id = top.new_id;
    right.alive = false;
    left.next = right.next;
    if (left.next >= 0) symbols[left.next].prev = top.pos;
    if (left.prev >= 0) {
      auto p = merges_.find(PairKey(symbols[left.prev].id, left.id));
      if (p != merges_.end()) queue.push({p->second.rank, left.prev, p->second.new_id});
    }
    if (left.next >= 0) {
      auto n = merges_.find(PairKey(left.id, symbols[left.next].id));
      if (n != merges_.end()) queue.push({n->second.rank, top.pos, n->second.new_id});
    }
  }
  for (const auto& s : symbols) {
    if (s.alive) ids->push_back(s.id);
  }
}

}  // namespace vlmxla::text
