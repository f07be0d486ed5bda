// SPDX-License-Identifier: MIT
/* Unit tests: chip identification and the chip table (kmod/hw/chip.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "chip.h"

/* A two-register fake GPU: BOOT_0 and BOOT_42; everything else a PRI error. */
struct fake { uint32_t boot0, boot42; unsigned int reads; };

static uint32_t fake_rd32(void *ctx, uint32_t off)
{
	struct fake *f = ctx;

	f->reads++;
	if (off == 0x0)
		return f->boot0;
	if (off == 0xa00)
		return f->boot42;
	return 0xbadf5040;
}

static void fake_wr32(void *ctx, uint32_t off, uint32_t val)
{
	fail_msg("identification must not write (0x%x <- 0x%x)", off, val);
}

static int ident(uint32_t boot0, uint32_t boot42, struct nvs_ident *id)
{
	struct fake f = { boot0, boot42, 0 };
	struct nvs_io io = { .rd32 = fake_rd32, .wr32 = fake_wr32, .ctx = &f };

	return nvs_identify(&io, id);
}

/* The real H100's registers (tests/fixtures/h100_idle.nvss, gh100-confirmed.md). */
static void test_h100_real_values(void **state)
{
	struct nvs_ident id;

	assert_int_equal(ident(0x180000a1, 0x180a1000, &id), 0);
	assert_true(id.from_boot42);
	assert_int_equal(id.chip_id, 0x180);
	assert_non_null(id.chip);
	assert_string_equal(id.chip->name, "GH100");
	assert_string_equal(nvs_arch_name(id.arch), "hopper");
	assert_int_equal(id.caps->window_reg, 0x10fd40);
	assert_int_equal(id.caps->pt_version, 3);
	assert_false(id.caps_guessed);
}

/* Kepler has no BOOT_42: the PRI error there must send us to BOOT_0. */
static void test_boot0_fallback(void **state)
{
	struct nvs_ident id;

	/* GK104: arch 0x0e in 28:24, impl 4 in 23:20, rev a1 */
	assert_int_equal(ident(0x0e4000a1, 0xbadf5040, &id), 0);
	assert_false(id.from_boot42);
	assert_int_equal(id.chip_id, 0x0e4);
	assert_string_equal(id.chip->name, "GK104");
	assert_string_equal(nvs_arch_name(id.arch), "kepler");
	assert_int_equal(id.caps->window_reg, 0x1700);
	assert_int_equal(id.caps->rl_entry_size, 8);

	/* BOOT_42 == 0 and all-ones are "not valid" too */
	assert_int_equal(ident(0x124000a1, 0, &id), 0);
	assert_int_equal(id.chip_id, 0x124);
	assert_int_equal(ident(0x124000a1, 0xffffffff, &id), 0);
	assert_int_equal(id.chip_id, 0x124);
	assert_int_equal(id.boot42, 0);		/* chip.h: 0 when not used */
	/* a PRI error is not used either */
	assert_int_equal(ident(0x124000a1, 0xbadf1100, &id), 0);
	assert_int_equal(id.boot42, 0);
	assert_false(id.from_boot42);
	/* ARCHITECTURE 29:24 of 0 with other fields set (implementation 1,
	 * revisions): no architecture, so BOOT_0 decides */
	assert_int_equal(ident(0x140000a1, 0x0011a100, &id), 0);
	assert_false(id.from_boot42);
	assert_int_equal(id.chip_id, 0x140);
	assert_int_equal(id.boot42, 0);
	/* the smallest non-zero architecture is a BOOT_42 reading */
	assert_int_equal(ident(0x140000a1, 0x01000000, &id), 0);
	assert_true(id.from_boot42);
	assert_int_equal(id.chip_id, 0x010);
	assert_int_equal(id.boot42, 0x01000000);
}

/* BOOT_42 wins over BOOT_0 when both are valid (RM prefers it). */
static void test_boot42_preferred(void **state)
{
	struct nvs_ident id;

	assert_int_equal(ident(0x164000a1, 0x192a1000, &id), 0);
	assert_int_equal(id.chip_id, 0x192);
	assert_string_equal(id.chip->name, "AD102");
}

/* Bit 8 of BOOT_0 is the architecture MSB: arch 0x20+ is a new family. */
static void test_arch_msb(void **state)
{
	struct nvs_ident id;

	assert_int_equal(ident((0x02u << 24) | (1u << 8) | (3u << 20), 0, &id), 0);
	assert_int_equal(id.chip_id, (0x22 << 4) | 3);
	assert_null(id.chip);
	assert_null(id.caps);
	assert_int_equal(id.arch, NVS_ARCH_UNKNOWN);
	assert_string_equal(nvs_arch_name(id.arch), "unknown");
}

/* An unknown implementation of a known architecture: guessed caps, flagged. */
static void test_unknown_impl(void **state)
{
	struct nvs_ident id;

	assert_int_equal(ident(0, 0x185a1000, &id) , -EIO);	/* BOOT_0 = 0 */
	assert_int_equal(ident(0x185000a1, 0x185a1000, &id), 0);
	assert_null(id.chip);
	assert_true(id.caps_guessed);
	assert_int_equal(id.arch, NVS_ARCH_HOPPER);
	assert_non_null(id.caps);
}

static void test_dead_gpu(void **state)
{
	struct nvs_ident id;

	assert_int_equal(ident(0xffffffff, 0xffffffff, &id), -ENODEV);
	assert_int_equal(ident(0xbadf1100, 0xbadf1100, &id), -EIO);
}

/* Ada sorts above Hopper but keeps the older layouts; GB20x moved the block. */
static void test_generation_traps(void **state)
{
	const struct nvs_chip *ad = nvs_chip_lookup(0x192);
	const struct nvs_chip *gh = nvs_chip_lookup(0x180);
	const struct nvs_chip *gb1 = nvs_chip_lookup(0x1a0);
	const struct nvs_chip *gb2 = nvs_chip_lookup(0x1b2);
	const struct nvs_chip *ga100 = nvs_chip_lookup(0x170);
	const struct nvs_chip *ga102 = nvs_chip_lookup(0x172);

	assert_int_equal(ad->caps->window_reg, 0x1700);
	assert_int_equal(ad->caps->pt_version, 2);
	assert_int_equal(gh->caps->window_reg, 0x10fd40);
	assert_int_equal(gb1->caps->rl_regs, NVS_RL_BLOCK_GA100);
	assert_int_equal(gb2->caps->rl_regs, NVS_RL_BLOCK_GB20X);
	assert_int_equal(gb2->caps->rl_base_shift, 8);
	assert_int_equal(ga100->caps->rl_base_shift, 12);
	assert_int_equal(ga102->caps->rl_base_shift, 10);
	assert_int_equal(nvs_chip_lookup(0x164)->caps->rl_regs, NVS_RL_PFIFO_INDEXED);
	assert_int_equal(nvs_chip_lookup(0x140)->caps->rl_regs, NVS_RL_PFIFO_SINGLE);
	assert_int_equal(nvs_chip_lookup(0x140)->caps->rl_entry_size, 16);
	assert_int_equal(nvs_chip_lookup(0x13b)->caps->rl_entry_size, 8);
	assert_true(nvs_chip_lookup(0x17b)->tegra);
	assert_false(nvs_chip_lookup(0x17b)->caps->gsp_capable);
	assert_true(nvs_chip_lookup(0x15b)->tegra);
}

/*
 * Independent check: every row of the chip-id list in
 * tests/fixtures/chip-ids.tsv (typed from the public sources it names) is in
 * our table with the same name, and the table has nothing else.
 */
static void test_table_matches_reference(void **state)
{
	const char *path = "tests/fixtures/chip-ids.tsv";
	FILE *f = fopen(path, "r");
	char line[512];
	int rows = 0;
	size_t n;

	if (!f)
		fail_msg("fixture missing: %s (run from the repository root)", path);
	nvs_chip_table(&n);
	while (fgets(line, sizeof(line), f)) {
		unsigned int idv;
		char name[32];

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "0x%x\t%31[A-Z0-9]\t", &idv, name) != 2)
			fail_msg("%s: malformed line: %s", path, line);
		rows++;
		const struct nvs_chip *c = nvs_chip_lookup((uint16_t)idv);

		if (!c)
			fail_msg("chip 0x%03x (%s) missing from the table", idv, name);
		assert_string_equal(c->name, name);
	}
	fclose(f);
	assert_true(rows > 40);
	assert_int_equal((size_t)rows, n);
}

/* Per-generation flags, from the sources chip.c cites on each field:
 * window TARGET and BASE 23:0 at 0x1700 Kepler-Ada (regs-mmu-gr.md §1.2);
 * NV_PFIFO_CFG1 and NV_PFIFO_RUNLIST_PREEMPT Maxwell-Turing
 * (the per-runlist block after that), 4096 PCCSR channels on Kepler and
 * 2048 on GM10x (regs-fifo.md §4.3, §5.1); BOOT_42 from Pascal on; GSP
 * from TU100 on, dGPU only, always from GH100 on (regs-fifo.md §1.3). */
static void test_caps_flags(void **state)
{
	const struct nvs_chip *t;
	size_t n, i;

	t = nvs_chip_table(&n);
	for (i = 0; i < n; i++) {
		const struct nvs_caps *c = t[i].caps;
		enum nvs_arch a = c->arch;
		bool pre_hopper = a != NVS_ARCH_HOPPER && a != NVS_ARCH_BLACKWELL;
		bool turing_plus = a >= NVS_ARCH_TURING;

		print_message("  %s\n", t[i].name);
		assert_int_equal(c->window_has_target, pre_hopper);
		if (pre_hopper) {
			assert_int_equal(c->window_reg, 0x1700);
			assert_int_equal(c->window_base_hi, 23);
		}
		/* PFIFO/PCCSR generations only: Ampere+ count channels in CHANNEL_CONFIG */
		assert_int_equal(c->has_cfg1, a >= NVS_ARCH_MAXWELL && a <= NVS_ARCH_TURING);
		assert_int_equal(c->has_runlist_preempt,
				 a >= NVS_ARCH_MAXWELL && a <= NVS_ARCH_TURING);
		/* PFIFO submit registers hold the address >> 12 (regs-fifo.md §3.1) */
		if (a <= NVS_ARCH_TURING)
			assert_int_equal(c->rl_base_shift, 12);
		/* the NV_RUNLIST block's alignment, NV_RAMRL_ENTRY_BASE_SHIFT of
		 * NVIDIA's dev_ram.h: 12 on GA100, 8 on GB20x (dGPU and Tegra),
		 * 10 on every other Ampere-Blackwell chip */
		else if (t[i].id == 0x170)
			assert_int_equal(c->rl_base_shift, 12);
		else if (t[i].id >= 0x1b0)
			assert_int_equal(c->rl_base_shift, 8);
		else
			assert_int_equal(c->rl_base_shift, 10);
		if (a == NVS_ARCH_KEPLER)
			assert_int_equal(c->pccsr_channels, 4096);
		if (a == NVS_ARCH_MAXWELL)
			assert_int_equal(c->pccsr_channels, 2048);
		assert_int_equal(c->has_boot42, a >= NVS_ARCH_PASCAL);
		/* GMMU page-table format (regs-mmu-gr.md §4): v1 on Kepler and
		 * Maxwell, v2 from Pascal (where RAMIN's USE_VER2_PT_FORMAT
		 * still chooses, chip.h) to Ada, v3 from Hopper on */
		assert_int_equal(c->pt_version, a <= NVS_ARCH_MAXWELL ? 1 : pre_hopper ? 2 : 3);
		assert_int_equal(c->pt_ver2_bit, a == NVS_ARCH_PASCAL);
		assert_int_equal(c->gsp_capable, turing_plus && !t[i].tegra);
		assert_int_equal(c->gsp_always, !pre_hopper && !t[i].tegra);
	}
}

/* nvs_arch_from_field: the BOOT architecture numbers of NVIDIA's
 * dev_boot.h (NV_PMC_BOOT_0_ARCHITECTURE_GK100 0x0e ... GB200 0x1b);
 * the numbers on both sides of the range are unknown */
static void test_arch_from_field(void **state)
{
	static const struct { unsigned int field; const char *arch; } t[] = {
		{ 0x00, "unknown" }, { 0x0d, "unknown" }, { 0x0e, "kepler" },
		{ 0x0f, "kepler" }, { 0x10, "kepler" }, { 0x11, "maxwell" },
		{ 0x12, "maxwell" }, { 0x13, "pascal" }, { 0x14, "volta" },
		{ 0x15, "volta" }, { 0x16, "turing" }, { 0x17, "ampere" },
		{ 0x18, "hopper" }, { 0x19, "ada" }, { 0x1a, "blackwell" },
		{ 0x1b, "blackwell" }, { 0x1c, "unknown" }, { 0x3f, "unknown" },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(nvs_arch_name(nvs_arch_from_field(t[i].field)), t[i].arch))
			fail_msg("architecture 0x%x: %s, want %s", t[i].field,
				 nvs_arch_name(nvs_arch_from_field(t[i].field)), t[i].arch);
	assert_int_equal(nvs_arch_from_field(0x0d), NVS_ARCH_UNKNOWN);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_h100_real_values),
		cmocka_unit_test(test_boot0_fallback),
		cmocka_unit_test(test_boot42_preferred),
		cmocka_unit_test(test_arch_msb),
		cmocka_unit_test(test_unknown_impl),
		cmocka_unit_test(test_dead_gpu),
		cmocka_unit_test(test_generation_traps),
		cmocka_unit_test(test_table_matches_reference),
		cmocka_unit_test(test_arch_from_field),
		cmocka_unit_test(test_caps_flags),
	};

	return cmocka_run_group_tests_name("chip", tests, NULL, NULL);
}
