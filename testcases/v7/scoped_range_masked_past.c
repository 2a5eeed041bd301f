// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: accesses past the 4096 bytes a masked scope covers
 * check-description: A masked pointer is safe only as far as the guard hole above user space reaches, bytes 0..4095 of it; a store at bytes 4096..4099, one straddling the end at 4094..4097, and an 8192-byte copy all reach past that, so each is a range finding with the scope as the check.
 * check-level: 0
 *
 * check-output-start
scoped_range_masked_past.c:34:17: warning: unsafe_put_user() accesses bytes 4096..4099 of 'p', outside bytes 0..4095 that a masked pointer covers [-Wuaccess-range]
scoped_range_masked_past.c:33:9: note: checked here
scoped_range_masked_past.c:35:17: warning: unsafe_put_user() accesses bytes 4094..4097 of 'p', outside bytes 0..4095 that a masked pointer covers [-Wuaccess-range]
scoped_range_masked_past.c:33:9: note: checked here
scoped_range_masked_past.c:49:17: warning: unsafe_copy_to_user() accesses bytes 0..8191 of 'p', outside bytes 0..4095 that a masked pointer covers [-Wuaccess-range]
scoped_range_masked_past.c:48:9: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_page_args {
	u32 __user *out;
	u32 v;
	u8 data[8192];
};

int v7_put_far(struct v7_page_args *args);
int v7_put_far(struct v7_page_args *args)
{
	u32 __user *p = args->out;

	scoped_user_write_access(p, efault) {
		unsafe_put_user(args->v, p + 1024, efault);
		unsafe_put_user(args->v, (u32 __user *)((u8 __user *)p + 4094), efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_far);

int v7_put_two_pages(struct v7_page_args *args);
int v7_put_two_pages(struct v7_page_args *args)
{
	u32 __user *p = args->out;

	scoped_user_write_access(p, efault) {
		unsafe_copy_to_user((void __user *)p, args->data, sizeof(args->data), efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_two_pages);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: accesses past the 4096 bytes a masked scope covers");
