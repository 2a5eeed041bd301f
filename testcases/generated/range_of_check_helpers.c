// SPDX-License-Identifier: GPL-2.0
/*
 * Generated-program reproducer (tools/tests/fuzz.py, reduced by hand): ok_rec() tests
 * ok_short() (16 bytes) and then checks the whole record itself, so its success edge validates
 * 40 bytes of its argument (the longest check on the path) and the access of bytes 32..47 is a
 * range error. The plugin crashed here on some runs and said nothing on the others.
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

struct g_args {
	struct g_rec __user *u1;
	struct g_rec k;
};

static noinline bool ok_short(struct g_rec __user *p)
{
	return access_ok(p, offsetof(struct g_rec, d));
}

static noinline int ok_rec(struct g_rec __user *p)
{
	if (!ok_short(p))
		return -EFAULT;
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return 0;
}

int put_g(struct g_args *args);
int put_g(struct g_args *args)
{
	struct g_rec __user *u1 = args->u1;

	if (ok_rec(u1))
		return -EFAULT;
	__uaccess_begin();
	unsafe_copy_to_user((void __user *)u1 + 32, args->k.name, 16, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_g);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check reproducer: the range of a check helper of check helpers");

/*
 * expected:
 *   range_of_check_helpers.c:53:9: warning: unsafe_copy_to_user() accesses bytes 32..47 of 'u1', beyond the 40 bytes checked [-Wuaccess-range]
 * printed (plugin at 6130473), on two runs of three:
 *   range_of_check_helpers.c:63:1: internal compiler error: Segmentation fault
 * and on the third: (no warning)
 */
