#include "train/fit.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace checkers::train {
namespace {

using learned::Features;
using learned::kHandScaleOne;
using learned::kPhaseScale;
using learned::TableIndex;

// The weights as the fit moves them: real numbers.
struct RealWeights {
  int windows = 0;
  double scale = 1.0;
  std::vector<double> table;
};

RealWeights ToReal(const learned::Weights& w) {
  RealWeights r;
  r.windows = w.windows;
  r.scale = static_cast<double>(w.hand_scale) / kHandScaleOne;
  r.table.assign(w.table.begin(), w.table.end());
  return r;
}

learned::Weights ToInteger(const RealWeights& r) {
  learned::Weights w;
  w.windows = r.windows;
  w.table.resize(r.table.size());
  w.hand_scale =
      std::clamp(static_cast<int>(std::lround(r.scale * kHandScaleOne)), 1,
                 8 * kHandScaleOne);
  for (size_t i = 0; i < r.table.size(); ++i) {
    w.table[i] = static_cast<int16_t>(
        std::clamp<long>(std::lround(r.table[i]), -30000, 30000));
  }
  return w;
}

double Value(const Features& f, const RealWeights& w) {
  double value = f.hand * w.scale;
  if (!f.has_men) return value;
  const double ending = static_cast<double>(f.ending) / kPhaseScale;
  for (int i = 0; i < w.windows; ++i) {
    value += (1 - ending) * w.table[TableIndex(i, f.config[i], 0)] +
             ending * w.table[TableIndex(i, f.config[i], 1)];
  }
  return value;
}

double Sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

double CrossEntropy(double p, double y) {
  constexpr double kEpsilon = 1e-12;
  p = std::clamp(p, kEpsilon, 1 - kEpsilon);
  return -(y * std::log(p) + (1 - y) * std::log(1 - p));
}

double RealLoss(const std::vector<const Sample*>& samples, const RealWeights& w,
                double k) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const Sample* s : samples)
    sum += CrossEntropy(Sigmoid(k * Value(s->features, w)), s->result);
  return sum / samples.size();
}

std::vector<const Sample*> All(const std::vector<Sample>& samples) {
  std::vector<const Sample*> all;
  for (const Sample& s : samples) all.push_back(&s);
  return all;
}

double BestK(const std::vector<const Sample*>& samples, const RealWeights& w) {
  // The loss is convex in k; a golden-section search over a range that
  // holds every sensible k (a man's lead worth 50.1% to 99.99%) finds it.
  double lo = 1e-5;
  double hi = 0.1;
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 60; ++i) {
    const double a = hi - ratio * (hi - lo);
    const double b = lo + ratio * (hi - lo);
    if (RealLoss(samples, w, a) < RealLoss(samples, w, b)) {
      hi = b;
    } else {
      lo = a;
    }
  }
  return (lo + hi) / 2;
}

}  // namespace

double MeanLoss(const std::vector<Sample>& samples,
                const learned::Weights& weights, double k) {
  return RealLoss(All(samples), ToReal(weights), k);
}

double FitK(const std::vector<Sample>& samples,
            const learned::Weights& weights) {
  return BestK(All(samples), ToReal(weights));
}

FitResult Fit(const std::vector<Sample>& samples, const learned::Weights& start,
              const FitOptions& options, const EpochFn& epoch_done) {
  std::vector<const Sample*> fit;
  std::vector<const Sample*> check;
  for (const Sample& s : samples) {
    const bool held =
        options.check_every > 0 && s.game % options.check_every == 0;
    (held ? check : fit).push_back(&s);
  }
  RealWeights w = ToReal(start);
  FitResult result;
  result.fit_samples = static_cast<int>(fit.size());
  result.check_samples = static_cast<int>(check.size());
  result.k = BestK(fit, w);
  const double k = result.k;
  result.fit_loss_before = RealLoss(fit, w, k);
  result.check_loss_before = RealLoss(check, w, k);

  // Adam, one step per epoch over the whole fit set.
  constexpr double kBeta1 = 0.9;
  constexpr double kBeta2 = 0.999;
  constexpr double kEps = 1e-8;
  const size_t size = w.table.size();
  std::vector<double> grad(size);
  std::vector<double> m(size, 0.0);
  std::vector<double> v(size, 0.0);
  double scale_m = 0;
  double scale_v = 0;
  const double n = std::max<size_t>(fit.size(), 1);
  std::vector<double> target(fit.size());
  for (size_t i = 0; i < fit.size(); ++i) {
    target[i] = options.result_weight * fit[i]->result +
                (1 - options.result_weight) * Sigmoid(k * fit[i]->search_score);
  }
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    std::fill(grad.begin(), grad.end(), 0.0);
    double scale_grad = 0;
    double loss = 0;
    for (size_t j = 0; j < fit.size(); ++j) {
      const Features& f = fit[j]->features;
      const double p = Sigmoid(k * Value(f, w));
      loss += CrossEntropy(p, target[j]);
      const double d = (p - target[j]) * k;
      scale_grad += d * f.hand;
      if (!f.has_men) continue;
      const double ending = static_cast<double>(f.ending) / kPhaseScale;
      for (int i = 0; i < w.windows; ++i) {
        grad[TableIndex(i, f.config[i], 0)] += d * (1 - ending);
        grad[TableIndex(i, f.config[i], 1)] += d * ending;
      }
    }
    const double correct1 = 1 - std::pow(kBeta1, epoch);
    const double correct2 = 1 - std::pow(kBeta2, epoch);
    for (size_t i = 0; i < size; ++i) {
      const double g = (grad[i] + 2 * options.l2 * w.table[i]) / n;
      m[i] = kBeta1 * m[i] + (1 - kBeta1) * g;
      v[i] = kBeta2 * v[i] + (1 - kBeta2) * g * g;
      w.table[i] -= options.learning_rate * (m[i] / correct1) /
                    (std::sqrt(v[i] / correct2) + kEps);
    }
    const double g = scale_grad / n;
    scale_m = kBeta1 * scale_m + (1 - kBeta1) * g;
    scale_v = kBeta2 * scale_v + (1 - kBeta2) * g * g;
    w.scale -= options.scale_learning_rate * (scale_m / correct1) /
               (std::sqrt(scale_v / correct2) + kEps);
    if (epoch_done) epoch_done(epoch, loss / n);
  }
  result.weights = ToInteger(w);
  const RealWeights rounded = ToReal(result.weights);
  result.fit_loss_after = RealLoss(fit, rounded, k);
  result.check_loss_after = RealLoss(check, rounded, k);
  return result;
}

}  // namespace checkers::train
