// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: masked pointer accessed outside its guard distance
 * check-description: A masked pointer is checked for no size; only bytes 0..4095 of it are covered, because an access a little past it faults in the guard hole above user space. A store to byte 4096 of the record, or to the word before it, can reach mapped memory, so both are range errors; the store to byte 0 is covered.
 * check-level: 0
 *
 * check-output-start
masked_range.c:37:9: warning: unsafe_put_user() accesses bytes 4096..4099 of 'dst', outside bytes 0..4095 that a masked pointer covers [-Wuaccess-range]
masked_range.c:34:38: note: checked here
masked_range.c:38:9: warning: unsafe_put_user() accesses bytes -4..-1 of 'dst', outside bytes 0..4095 that a masked pointer covers [-Wuaccess-range]
masked_range.c:34:38: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct big_rec {
	u32 head;
	u8 pad[4092];
	u32 tail;
};

struct big_args {
	struct big_rec __user *out;
	u32 token;
};

int put_big_masked(struct big_args *args);
int put_big_masked(struct big_args *args)
{
	struct big_rec __user *dst = masked_user_access_begin(args->out);

	unsafe_put_user(args->token, &dst->head, efault);
	unsafe_put_user(args->token, &dst->tail, efault);
	unsafe_put_user(args->token, (u32 __user *)dst - 1, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_big_masked);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: masked pointer accessed outside its guard distance");
