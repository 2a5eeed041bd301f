// SPDX-License-Identifier: GPL-2.0
/*
 * A check helper whose success path passes two access_ok() of its pointer, a short one and the
 * whole record, validates the whole record: on each path the longest check counts
 * (docs/diagnostics.md, "Conventions of the generated-program oracle": coverage is per path;
 * check helpers). The plugin takes the first check of the int helper and the returned check of
 * the bool helper, the shorter ones, and reports range errors that are not there.
 */

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/module.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct g_rec {
	u32 a;
	u32 b;
	u64 c;
	u16 d;
	u16 e;
	u32 f;
	u8 name[16];
};

static noinline int ok_int(struct g_rec __user *p)
{
	if (!access_ok(p, offsetof(struct g_rec, d)))
		return -EFAULT;
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return 0;
}

static noinline bool ok_bool(struct g_rec __user *p)
{
	if (!access_ok(p, sizeof(*p)))
		return false;
	return access_ok(p, sizeof(u32));
}

int put_int_checked(struct g_rec __user *p, const struct g_rec *k);
int put_int_checked(struct g_rec __user *p, const struct g_rec *k)
{
	if (ok_int(p))
		return -EFAULT;
	__uaccess_begin();
	unsafe_copy_to_user(p->name, k->name, sizeof(p->name), efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_int_checked);

int put_bool_checked(struct g_rec __user *p, const struct g_rec *k);
int put_bool_checked(struct g_rec __user *p, const struct g_rec *k)
{
	if (!ok_bool(p))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(k->f, &p->f, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_bool_checked);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check fuzz finding: the longest check in a check helper");

/*
 * expected:
 *   (no warning)
 * printed (plugin at 01b00cf):
 *   longest_check_in_helper.c:49:9: warning: unsafe_copy_to_user() accesses bytes 24..39 of 'p', beyond the 16 bytes checked [-Wuaccess-range]
 *   longest_check_in_helper.c:64:9: warning: unsafe_put_user() accesses bytes 20..23 of 'p', beyond the 4 bytes checked [-Wuaccess-range]
 */
