// SPDX-License-Identifier: MIT
/*
 * Unit tests: the capability table (kmod/hw/chip.c) is consistent, and the
 * per-generation choices that used to be inferred from the architecture
 * come out as before (docs/architecture.md: generations differ only in
 * struct nvs_caps).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "chip.h"
#include "control.h"

static bool is_block(const struct nvs_caps *c)
{
	return c->rl_regs == NVS_RL_BLOCK_GA100 || c->rl_regs == NVS_RL_BLOCK_GB20X;
}

/* fields that must agree with each other in every row */
static void test_rows_consistent(void **state)
{
	const struct nvs_chip *t;
	size_t n, i;

	(void)state;
	t = nvs_chip_table(&n);
	for (i = 0; i < n; i++) {
		const struct nvs_caps *c = t[i].caps;

		assert_int_equal(c->rl_entry_size, c->rl_entry == NVS_RL_ENTRY_GK104 ? 8 : 16);
		assert_int_equal(is_block(c), c->rl_block != NULL);
		if (c->rl_regs == NVS_RL_BLOCK_GA100)
			assert_ptr_equal(c->rl_block, &nvs_rl_block_ga100);
		if (c->rl_regs == NVS_RL_BLOCK_GB20X)
			assert_ptr_equal(c->rl_block, &nvs_rl_block_gb20x);
		assert_int_equal(is_block(c), c->chan_ctl == NVS_CHAN_CHRAM);
		assert_int_equal(c->tsgid_bits, c->chan_ctl == NVS_CHAN_CHRAM ? 11 : 12);
		if (c->chan_ctl == NVS_CHAN_PCCSR)
			assert_true(c->pccsr_channels == 2048 || c->pccsr_channels == 4096);
		if (is_block(c))
			assert_int_equal(c->rl_base_hi_bits, c->pt_version == 3 ? 20 : 8);
		assert_in_range(c->pt_version, 1, 3);
		assert_true(!c->pt_ver2_bit || c->pt_version == 2);
		assert_true(!c->pt_page_256g || c->pt_version == 3);
		assert_int_equal(c->ramin == NVS_RAMIN_GB100, c->ramfc == NVS_RAMFC_GB100);
		assert_int_not_equal(c->gr, NVS_GR_NONE);
		assert_true(!c->gsp_always || c->gsp_capable);
	}
}

/* The two runlist-block layouts: offsets 4-aligned, distinct, and every
 * register moved on GB20x. */
static void test_block_layouts(void **state)
{
	const struct nvs_rl_block *l[2] = { &nvs_rl_block_ga100, &nvs_rl_block_gb20x };
	uint16_t o[2][8];
	unsigned int k, i, j;

	(void)state;
	for (k = 0; k < 2; k++) {
		uint16_t v[8] = { l[k]->channel_config, l[k]->doorbell_config,
				  l[k]->submit_base_lo, l[k]->submit_base_hi, l[k]->submit,
				  l[k]->submit_info, l[k]->sched_disable, l[k]->preempt };

		memcpy(o[k], v, sizeof(v));
		for (i = 0; i < 8; i++) {
			assert_int_equal(o[k][i] & 3, 0);
			for (j = 0; j < i; j++)
				assert_int_not_equal(o[k][i], o[k][j]);
		}
	}
	for (i = 0; i < 8; i++)
		assert_int_not_equal(o[0][i], o[1][i]);
	/* regs-fifo.md §3.3: layout A SUBMIT at +0x088, layout B at +0x008 */
	assert_int_equal(NV_RUNLIST(0x2000, &nvs_rl_block_ga100, submit), 0x2088);
	assert_int_equal(NV_RUNLIST(0x2000, &nvs_rl_block_gb20x, submit), 0x2008);
}

/* "What changes on GB20x?" is the runlist block, the entry format and the
 * buffer alignment, nothing else (chip.c says so beside caps_gb20x). */
static void test_gb20x_against_gb10x(void **state)
{
	struct nvs_caps a, b;

	(void)state;
	/* byte copies: the static rows' padding is zero, and stays so */
	memcpy(&a, nvs_chip_lookup(0x1a0)->caps, sizeof(a));	/* GB100 */
	memcpy(&b, nvs_chip_lookup(0x1b2)->caps, sizeof(b));	/* GB202 */
	assert_int_equal(a.rl_regs, NVS_RL_BLOCK_GA100);
	assert_int_equal(b.rl_regs, NVS_RL_BLOCK_GB20X);
	assert_int_equal(b.rl_entry, NVS_RL_ENTRY_GB20X);
	assert_int_equal(b.rl_base_shift, 8);
	b.rl_regs = a.rl_regs;
	b.rl_block = a.rl_block;
	b.rl_entry = a.rl_entry;
	b.rl_base_shift = a.rl_base_shift;
	assert_memory_equal(&a, &b, sizeof(a));
}

/* The choices code once made from the architecture, per architecture. */
static void test_former_arch_choices(void **state)
{
	const struct nvs_chip *t;
	size_t n, i;

	(void)state;
	t = nvs_chip_table(&n);
	for (i = 0; i < n; i++) {
		const struct nvs_caps *c = t[i].caps;
		enum nvs_arch a = c->arch;

		assert_int_equal(nvs_max_tsgid(c), a >= NVS_ARCH_AMPERE ? 2047u : 4095u);
		assert_int_equal(c->pccsr_runlist_rw, a == NVS_ARCH_KEPLER);
		assert_int_equal(c->gsp_always, (a == NVS_ARCH_HOPPER || a == NVS_ARCH_BLACKWELL) &&
						 c->gsp_capable);
		assert_int_equal(c->ce == NVS_CE_NO_MAP, a <= NVS_ARCH_MAXWELL);
		assert_int_equal(c->ce == NVS_CE_GV100, a == NVS_ARCH_VOLTA || a == NVS_ARCH_TURING);
		assert_int_equal(c->ramfc == NVS_RAMFC_TU102, a == NVS_ARCH_TURING ||
					  a == NVS_ARCH_AMPERE || a == NVS_ARCH_ADA);
		assert_int_equal(c->ramfc == NVS_RAMFC_GH100, a == NVS_ARCH_HOPPER);
		assert_int_equal(c->ramin == NVS_RAMIN_TU102, a == NVS_ARCH_TURING);
		assert_int_equal(c->big_page == NVS_BIG_PAGE_RAMIN,
				 a == NVS_ARCH_MAXWELL || a == NVS_ARCH_PASCAL);
		assert_int_equal(c->pt_page_512m, a >= NVS_ARCH_AMPERE);
		assert_int_equal(c->pt_page_256g, a == NVS_ARCH_BLACKWELL);
		assert_int_equal(c->rl_entry == NVS_RL_ENTRY_GV100, a == NVS_ARCH_VOLTA);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows_consistent),
		cmocka_unit_test(test_block_layouts),
		cmocka_unit_test(test_gb20x_against_gb10x),
		cmocka_unit_test(test_former_arch_choices),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
