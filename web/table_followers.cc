// The followers of a table's event stream (table.h): each change of the
// log is sent to them as it is committed, under the table's lock, from
// the records' stream text made once per record.

#include <algorithm>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "events/fold.h"
#include "events/validate.h"
#include "json/encode.h"
#include "json/state_json.h"
#include "web/table.h"

namespace checkers::web {

using ::checkers::json::Dump;
using ::checkers::json::RecordJson;
using ::checkers::json::StateJson;
using nlohmann::json;

void Table::OnChange(const session::LogChange& change) {
  head_ = change.head;
  if (change.kind == session::LogChange::Kind::kTruncated) Cut(change.head);
  CatchUpAll();
}

void Table::Cut(uint64_t head) {
  if (records_.size() > head) {
    records_.resize(head);
    records_state_stale_ = true;
  }
  const StreamMessage cut = {head, "truncated", Dump(json{{"head", head}})};
  followers_.erase(std::remove_if(followers_.begin(), followers_.end(),
                                  [&](Follower& f) {
                                    if (f.sent <= head) return false;
                                    f.sent = head;
                                    return !f.sink->Send(id_, cut);
                                  }),
                   followers_.end());
}

void Table::CatchUpAll() {
  followers_.erase(std::remove_if(followers_.begin(), followers_.end(),
                                  [&](Follower& f) { return !CatchUp(f); }),
                   followers_.end());
}

const StreamMessage& Table::RecordMessage(uint64_t seq) {
  const std::vector<events::Event>& log = session_->events();
  while (records_.size() < seq) {
    const uint64_t next = records_.size() + 1;
    const events::Event& event = log[next - 1];
    json data = RecordJson(next, event);
    if (next == log.size()) {
      // The session's state is the fold of its whole log, this record
      // last, checked as the log committed it: the common case, a record
      // just committed, needs no second check.
      records_state_ = session_->state();
      records_state_stale_ = false;
      if (event.has_turn_played() && records_state_.last_move.has_value()) {
        data["move"] = records_state_.last_move->Text();
        data["captured"] = records_state_.last_move->captured();
      }
    } else {
      if (records_state_stale_) {
        // The session's events were checked when committed: neither the
        // fold nor the check below can fail.
        records_state_ = events::FoldEvents(
                             absl::MakeConstSpan(log).first(records_.size()))
                             .value_or(events::GameState());
        records_state_stale_ = false;
      }
      absl::StatusOr<events::CheckedEvent> checked =
          events::Check(records_state_, event);
      if (checked.ok()) {
        if (event.has_turn_played()) {
          data["move"] = checked->move().Text();
          data["captured"] = checked->move().captured();
        }
        events::ApplyInPlace(&records_state_, *checked);
      }
    }
    data["state"] = StateJson(records_state_);
    records_.push_back({next, data["kind"].get<std::string>(), Dump(data)});
  }
  return records_[seq - 1];
}

bool Table::CatchUp(Follower& f) {
  const uint64_t head = session_->events().size();
  if (f.sent > head) {
    f.sent = head;
    if (!f.sink->Send(id_, {head, "truncated", Dump(json{{"head", head}})})) {
      return false;
    }
  }
  for (; f.sent < head; ++f.sent) {
    if (!f.sink->Send(id_, RecordMessage(f.sent + 1))) return false;
  }
  return true;
}

bool Table::Present(events::Side side) {
  for (const Follower& f : followers_) {
    if (f.side == side && f.sink->open()) return true;
  }
  return false;
}

void Table::SendToAll(const StreamMessage& message) {
  followers_.erase(
      std::remove_if(followers_.begin(), followers_.end(),
                     [&](Follower& f) { return !f.sink->Send(id_, message); }),
      followers_.end());
}

void Table::EndFollowers() {
  for (Follower& f : followers_) f.sink->Close();
  followers_.clear();
}

}  // namespace checkers::web
