#include "train/fit.h"

#include <cstdlib>
#include <vector>

#include "gtest/gtest.h"

namespace checkers::train {
namespace {

using learned::TableIndex;

// 4,000 positions of 100 games whose hand-set value, +100 or -100, says
// something of the result (60% against 40%), and whose first window is in
// configuration 5 or 7: 5 wins `config_percent` points more than that and
// 7 as many less, and the search scores 5 `config_score` centi-men above
// the hand-set value and 7 as many below.
std::vector<Sample> Synthetic(int config_percent, int config_score) {
  std::vector<Sample> samples;
  for (int i = 0; i < 4000; ++i) {
    Sample s;
    s.game = i / 40;
    s.features.has_men = true;
    s.features.hand = i % 2 == 0 ? 100 : -100;
    const bool five = (i / 2) % 2 == 0;
    s.features.config[0] = five ? 5 : 7;
    const int roll = (i * 7919) % 100;
    const int win_percent = (s.features.hand > 0 ? 60 : 40) +
                            (five ? config_percent : -config_percent);
    s.result = roll < win_percent ? 1.0f : 0.0f;
    s.search_score = static_cast<float>(s.features.hand +
                                        (five ? config_score : -config_score));
    samples.push_back(s);
  }
  return samples;
}

// Configuration 5 wins more often than 7, whatever the hand-set value.
std::vector<Sample> Synthetic() { return Synthetic(25, 0); }

TEST(FitTest, LearnsWhatAConfigurationSaysOfTheResult) {
  const std::vector<Sample> samples = Synthetic();
  FitOptions options;
  options.epochs = 200;
  const FitResult r = Fit(samples, learned::Weights(), options);
  EXPECT_GT(r.k, 0);
  EXPECT_LT(r.fit_loss_after, r.fit_loss_before - 0.02);
  EXPECT_LT(r.check_loss_after, r.check_loss_before);
  EXPECT_GT(r.weights.table[TableIndex(0, 5, 0)], 20);
  EXPECT_LT(r.weights.table[TableIndex(0, 7, 0)], -20);
  // Unseen configurations and the ending's table stay as they were.
  EXPECT_EQ(r.weights.table[TableIndex(0, 6, 0)], 0);
  EXPECT_EQ(r.weights.table[TableIndex(0, 5, 1)], 0);
  EXPECT_EQ(r.weights.table[TableIndex(1, 1, 0)], 0);
}

TEST(FitTest, HoldsEveryTenthGameOutOfTheFit) {
  const std::vector<Sample> samples = Synthetic();
  FitOptions options;
  options.epochs = 1;
  const FitResult r = Fit(samples, learned::Weights(), options);
  EXPECT_EQ(r.check_samples, 400);
  EXPECT_EQ(r.fit_samples, 3600);
}

TEST(FitTest, TheSameSamplesGiveTheSameWeights) {
  const std::vector<Sample> samples = Synthetic();
  FitOptions options;
  options.epochs = 30;
  const FitResult a = Fit(samples, learned::Weights(), options);
  const FitResult b = Fit(samples, learned::Weights(), options);
  EXPECT_EQ(a.weights.table, b.weights.table);
  EXPECT_EQ(a.weights.hand_scale, b.weights.hand_scale);
}

TEST(FitTest, ResultWeightBelowOneLearnsFromTheSearchScores) {
  // The results say nothing of configurations 5 and 7; the search scores
  // favour 5.
  const std::vector<Sample> samples = Synthetic(0, 150);
  FitOptions options;
  options.epochs = 200;
  options.result_weight = 1.0;
  const FitResult results_only = Fit(samples, learned::Weights(), options);
  options.result_weight = 0.0;
  const FitResult scores_only = Fit(samples, learned::Weights(), options);
  const auto gap = [](const FitResult& r) {
    return r.weights.table[TableIndex(0, 5, 0)] -
           r.weights.table[TableIndex(0, 7, 0)];
  };
  EXPECT_LT(std::abs(gap(results_only)), 20);
  EXPECT_GT(gap(scores_only), 100);
}

TEST(FitTest, KGrowsWithHowMuchTheValueSays) {
  std::vector<Sample> sure;
  std::vector<Sample> unsure;
  for (int i = 0; i < 1000; ++i) {
    Sample s;
    s.features.hand = i % 2 == 0 ? 100 : -100;
    const bool ahead = s.features.hand > 0;
    const int roll = (i * 7919) % 100;
    s.result = (roll < 90) == ahead ? 1.0f : 0.0f;
    sure.push_back(s);
    s.result = (roll < 60) == ahead ? 1.0f : 0.0f;
    unsure.push_back(s);
  }
  EXPECT_GT(FitK(sure, learned::Weights()), FitK(unsure, learned::Weights()));
}

}  // namespace
}  // namespace checkers::train
